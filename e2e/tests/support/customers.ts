// Customer accounts of the `demo` shop (added by scripts/start-shop.sh with the CLI, until
// sign-up lands), one per journey so parallel tests do not share orders or addresses.
import { expect, type Page } from '@playwright/test';

export const CUSTOMER_PASSWORD = 'e2e-customer-password';
/** Places and opens an order. */
export const ADA = 'ada@customers.test';
/** Owns the order another customer must not see. */
export const BOB = 'bob@customers.test';
/** Saves an address that prefills the checkout. */
export const CARA = 'cara@customers.test';
/** Walks the account pages with the keyboard. */
export const DEV = 'dev@customers.test';

/** Logs in on /my-account/ in a fresh session and waits for the dashboard. */
export async function logInCustomer(page: Page, email: string) {
  await page.context().clearCookies();
  await page.goto('/my-account/');
  await page.getByRole('textbox', { name: 'Username or email address' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Account pages' })).toBeVisible();
}
