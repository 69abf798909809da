// Customer accounts on the demo shop (issue 15): "Create an account?" at checkout with the
// test card, a forgotten password reset from the link in the shop's file outbox
// (data/outbox/*.eml: start-shop.sh serves from the repository root), the header login popup
// that opens by itself with its notices, and the Register and Account details forms by
// keyboard alone. Each test uses its own address (the sign-up brake allows 3 at once per client).
import { test, expect, type Page } from './support/test';
import { dismissConsent } from './support/consent';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUTBOX = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'data', 'outbox');
const STRONG = 'Tulip-Harbour-42-Lantern';
const unique = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The path and query of the newest reset link mailed to `email` (quoted-printable undone). */
async function resetLinkFor(email: string): Promise<string> {
  let found: string | null = null;
  await expect
    .poll(
      () => {
        const files = readdirSync(OUTBOX)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => join(OUTBOX, f))
          .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
          .slice(0, 50);
        for (const file of files) {
          const text = readFileSync(file, 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          if (!text.includes(email) || !text.includes('Password Reset')) continue;
          const match = /https?:\/\/[^/\s]+(\/my-account\/lost-password\/\?key=[0-9a-f]{64})/.exec(text);
          if (match) found = match[1]!;
          return found;
        }
        return null;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return found!;
}

test('"Create an account?" at checkout with 4242 4242 4242 4242 opens the account and logs the shopper in', async ({ page }) => {
  const email = unique('checkout');
  await page.goto('/product/beanie/');
  await dismissConsent(page);
  await page.locator('.product__summary').getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.locator('.product__summary').getByRole('link', { name: 'View cart' })).toBeVisible();
  await page.goto('/checkout/');
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  await page.getByLabel('First name', { exact: true }).fill('Ada');
  await page.getByLabel('Last name', { exact: true }).fill('Lovelace');
  await page.getByLabel('Country / Region', { exact: true }).selectOption('US');
  await page.getByLabel('Street address', { exact: true }).fill('1 Market Street');
  await page.getByLabel('Town / City', { exact: true }).fill('San Francisco');
  await page.locator('#billing_state').selectOption('CA');
  await page.locator('#billing_postcode').fill('94105');
  await page.getByLabel('Phone', { exact: true }).fill('4155550100');
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByRole('checkbox', { name: 'Create an account?' }).check();
  await page.getByLabel('Create account password').fill(STRONG);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  const terms = page.getByRole('checkbox', { name: /terms and conditions/ });
  if (await terms.count()) await terms.check();
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\/\?key=/);
  // Logged in: the header offers the account and "Log out" instead of "Login".
  const header = page.locator('#site-header');
  await expect(header.getByRole('link', { name: 'My account' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.goto('/my-account/edit-account/');
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(email);
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Ada');

  await header.getByRole('button', { name: 'Log out' }).click();
  await expect(header.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('a forgotten password is reset from the e-mailed link, which then works no more', async ({ page }) => {
  const email = unique('reset');
  await page.goto('/my-account/');
  await dismissConsent(page);
  const register = page.getByRole('form', { name: 'Register' });
  await register.getByLabel('Email address').fill(email);
  await register.getByLabel('Password', { exact: true }).fill(STRONG);
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(/^Hello /)).toBeVisible();
  await page.locator('#site-header').getByRole('button', { name: 'Log out' }).click();

  await page.goto('/my-account/');
  await page.getByRole('link', { name: 'Lost your password?' }).click();
  await expect(page).toHaveURL(/\/my-account\/lost-password\/$/);
  await page.getByRole('textbox', { name: 'Username or email' }).fill(email);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password reset email has been sent.' })).toBeVisible();

  const link = await resetLinkFor(email);
  await page.goto(link);
  await expect(page.getByText('Enter a new password below.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('password1');
  await page.getByLabel('Re-enter new password').fill('password1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/^Weak - Please enter a stronger password\./)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Another-Quiet-Meadow-77');
  await page.getByLabel('Re-enter new password').fill('Another-Quiet-Meadow-77');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/my-account\/$/);
  await expect(page.getByText('Your password has been reset successfully.')).toBeVisible();
  await expect(page.getByText(/^Hello /)).toBeVisible();

  // Used once: the link now leads back to the request form with the reason.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('invalid or has already been used');
  await expect(page.getByRole('button', { name: 'Reset password' })).toBeVisible();
});

test('the header login popup shows a refused login and opens by itself with it on the next page', async ({ page }) => {
  await page.goto('/shop/');
  await dismissConsent(page);
  const header = page.locator('#site-header');
  await header.getByRole('button', { name: 'Login' }).click();
  const popup = page.getByRole('dialog', { name: 'Login' });
  await expect(popup).toBeVisible();
  await popup.getByRole('textbox', { name: 'Username or email address' }).fill('nobody@example.com');
  await popup.getByLabel('Password', { exact: true }).fill('wrong password');
  await popup.getByRole('button', { name: 'Log in' }).click();
  await expect(popup.getByRole('alert')).toHaveText('Unknown email address or incorrect password.');

  await page.goto('/cart/');
  const again = page.getByRole('dialog', { name: 'Login' });
  await expect(again).toBeVisible();
  await expect(again.getByText('Unknown email address or incorrect password.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(again).toHaveCount(0);
  await page.reload();
  await expect(page.locator('#site-header').getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Login' })).toHaveCount(0);
});

/** Presses Tab until the focused element's accessible name is `name`. */
async function tabTo(page: Page, name: string, limit = 80) {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      if (!el) return '';
      const labels = el.labels ? Array.from(el.labels).map((l) => l.textContent ?? '') : [];
      return (el.getAttribute('aria-label') ?? (labels.join(' ') || el.textContent) ?? '').replace(/\*/g, '').trim();
    });
    if (label === name) return;
  }
  throw new Error(`no control named ${name} within ${limit} Tab presses`);
}

test('keyboard only: register, change the account details, log out', async ({ page }) => {
  const email = unique('keys');
  await page.goto('/my-account/');
  await dismissConsent(page);
  await tabTo(page, 'Email address');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(STRONG);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Hello /)).toBeVisible();

  await page.goto('/my-account/edit-account/');
  await expect(page.getByRole('heading', { level: 1, name: 'Account details' })).toBeVisible();
  await tabTo(page, 'First name');
  await page.keyboard.type('Grace');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Hopper');
  await tabTo(page, 'Current password (leave blank to leave unchanged)');
  await page.keyboard.type('not my password');
  await tabTo(page, 'New password (leave blank to leave unchanged)');
  await page.keyboard.type('Another-Quiet-Meadow-77');
  await tabTo(page, 'Confirm new password');
  await page.keyboard.type('Another-Quiet-Meadow-77');
  await page.keyboard.press('Enter');
  const current = page.getByLabel('Current password (leave blank to leave unchanged)');
  await expect(page.getByText('Your current password is incorrect.')).toBeVisible();
  await expect(current).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(STRONG);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Account details changed successfully.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('Hopper');

  await page.locator('#site-header').getByRole('button', { name: 'Log out' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#site-header').getByRole('button', { name: 'Login' })).toBeFocused();
});
