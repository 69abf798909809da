// Customer accounts of the `demo` shop (added by scripts/start-shop.sh), one per saved-card
// journey so journeys running side by side never see each other's cards.
import { expect, type Page } from '@playwright/test';

export const CUSTOMER_PASSWORD = 'e2e-customer-password';
export const CARDS_CHECKOUT = 'cards-checkout@vitrine.test';
export const CARDS_ADD = 'cards-add@vitrine.test';
export const CARDS_KEYBOARD = 'cards-keyboard@vitrine.test';

/** Logs in through the login form at /my-account/, as a person would. */
export async function logInCustomer(page: Page, email: string) {
  await page.goto('/my-account/');
  const banner = page.getByRole('dialog', { name: 'Cookie consent' });
  if (await banner.isVisible()) await banner.getByRole('button', { name: 'Reject all' }).click();
  await page.getByRole('textbox', { name: 'Username or email address' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Log out' }).first()).toBeVisible();
}
