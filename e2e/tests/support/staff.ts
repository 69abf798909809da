// Staff users of the `editors` and `coming-soon` shops (added by scripts/start-shop.sh).
import { expect, type Page } from '@playwright/test';

export const STAFF_PASSWORD = 'e2e-staff-password';
export const ADMIN = 'admin@vitrine.test';
export const EDITOR = 'editor@vitrine.test';
export const AUTHOR = 'author@vitrine.test';
export const MANAGER = 'manager@vitrine.test';

/** Logs in through the login form at /my-account/, as a person would (ending any login first). */
export async function logIn(page: Page, email: string, password = STAFF_PASSWORD) {
  await page.context().clearCookies();
  await page.goto('/my-account/');
  await page.getByRole('textbox', { name: 'Username or email address' }).fill(email);
  await page.getByRole('form', { name: 'Login' }).getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Log out' }).first()).toBeVisible();
}

export const PHONE = { width: 390, height: 844 };
