// The guest checkout's form, filled as a shopper does: the consent answer, a US billing
// address, a test card, the shipping choice and the terms. Shared by the checkout, saved-card
// and account journeys.
import { expect, type Page } from '@playwright/test';

export { dismissConsent } from './consent';

/** The state and postcode labels follow the country ("State" / "ZIP Code" for the US). */
export const stateField = (page: Page) => page.locator('#billing_state');
export const postcodeField = (page: Page) => page.locator('#billing_postcode');

export async function fillBilling(page: Page) {
  await page.getByLabel('First name', { exact: true }).fill('Ada');
  await page.getByLabel('Last name', { exact: true }).fill('Lovelace');
  await page.getByLabel('Country / Region', { exact: true }).selectOption('US');
  await page.getByLabel('Street address', { exact: true }).fill('1 Market Street');
  await page.getByLabel('Town / City', { exact: true }).fill('San Francisco');
  await stateField(page).selectOption('CA');
  await postcodeField(page).fill('94105');
  await page.getByLabel('Phone', { exact: true }).fill('4155550100');
  await page.getByLabel('Email address', { exact: true }).fill('ada@example.com');
}

export async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}

/** Shipping choices follow the address; the terms box shows when the shop has terms. */
export async function settleReviewAndTerms(page: Page) {
  const rates = page.getByRole('radiogroup', { name: 'Shipping' });
  if (await rates.count()) await expect(rates.getByRole('radio', { checked: true })).toHaveCount(1);
  const terms = page.getByRole('checkbox', { name: /terms and conditions/ });
  if (await terms.count()) await terms.check();
}
