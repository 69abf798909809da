// Customer accounts of the `demo` shop (added by scripts/start-shop.sh with the CLI), one per
// journey so journeys running side by side never share orders, addresses or cards.
import { expect, type Page } from '@playwright/test';
import { dismissConsent } from './consent';

export const CUSTOMER_PASSWORD = 'e2e-customer-password';
/** Places and opens an order. */
export const ADA = 'ada@customers.test';
/** Owns the order another customer must not see. */
export const BOB = 'bob@customers.test';
/** Saves an address that prefills the checkout. */
export const CARA = 'cara@customers.test';
/** Walks the account pages with the keyboard. */
export const DEV = 'dev@customers.test';
export const CARDS_CHECKOUT = 'cards-checkout@vitrine.test';
export const CARDS_ADD = 'cards-add@vitrine.test';
export const CARDS_KEYBOARD = 'cards-keyboard@vitrine.test';
/** Logs in, adds a card and pays with it, all with the keyboard. */
export const CARDS_KEYBOARD_PAY = 'cards-keyboard-pay@vitrine.test';

/** Logs in through the login form at /my-account/ in a fresh session, as a person would. */
export async function logInCustomer(page: Page, email: string) {
  await page.context().clearCookies();
  await page.goto('/my-account/');
  await dismissConsent(page);
  await page.getByRole('textbox', { name: 'Username or email address' }).fill(email);
  await page.getByRole('form', { name: 'Login' }).getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Account pages' })).toBeVisible();
}
