// The guest checkout's form, filled as a shopper does: the consent answer, a US billing
// address, a test card, the shipping choice and the terms. Shared by the checkout, saved-card
// and account journeys.
import { expect, type Page } from '@playwright/test';

import { dismissConsent } from './consent';

export { dismissConsent };

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

/** The order review asks for totals 500 ms after the destination last changed
 * (web/src/features/checkout/constants.ts REVIEW_DEBOUNCE_MS) and is dimmed while it waits for
 * them: an accessibility check run meanwhile measures dimmed text's contrast. */
const REVIEW_SETTLES_MS = 500 + 150;

/** Shipping choices follow the address; the terms box shows when the shop has terms; the
 * review has asked for the last destination's totals and shows them. */
export async function settleReviewAndTerms(page: Page) {
  await page.waitForTimeout(REVIEW_SETTLES_MS);
  await expect(page.locator('.checkout-review')).not.toHaveAttribute('aria-busy', 'true');
  const rates = page.getByRole('radiogroup', { name: 'Shipping' });
  if (await rates.count()) await expect(rates.getByRole('radio', { checked: true })).toHaveCount(1);
  const terms = page.getByRole('checkbox', { name: /terms and conditions/ });
  if (await terms.count()) await terms.check();
}

// A guest's Beanie bought through the checkout page (the demo and accounts shops).
export async function beanieInCart(page: Page) {
  await page.goto('/product/beanie/');
  await dismissConsent(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Beanie' })).toBeVisible();
  await page.locator('.product__summary').getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.locator('.product__summary').getByRole('link', { name: 'View cart' })).toBeVisible();
}

export async function openCheckout(page: Page) {
  await page.goto('/checkout/');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
}

export async function expectOrderReceived(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\/\?key=[0-9a-f]+/);
  const heading = page.getByRole('heading', { level: 1, name: /Order received/ });
  await expect(heading).toBeVisible();
  const number = /\/order-received\/(\d+)\//.exec(page.url())![1]!;
  await expect(heading).toContainText(number);
  await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order details' }).getByText(/Beanie/)).toBeVisible();
}
