// My account (issue 15) on the demo shop: a customer logs in, pays by card, finds the order
// under My account → Orders and opens it; another customer's order answers 404; a saved
// address prefills the checkout; the account pages are walked with the keyboard alone.
// Customers are made by scripts/start-shop.sh with `vitrine user add … --role customer`.
import { test, expect, type Page } from './support/test';
import { dismissConsent } from './support/consent';
import { ADA, BOB, CARA, DEV, logInCustomer } from './support/customers';

const VISA = '4242 4242 4242 4242';

async function beanieInCart(page: Page) {
  await page.goto('/product/beanie/');
  await dismissConsent(page);
  await page.locator('.product__summary').getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.locator('.product__summary').getByRole('link', { name: 'View cart' })).toBeVisible();
}

async function fillBilling(page: Page, first: string) {
  await page.getByLabel('First name', { exact: true }).fill(first);
  await page.getByLabel('Last name', { exact: true }).fill('Lovelace');
  await page.getByLabel('Country / Region', { exact: true }).selectOption('US');
  await page.getByLabel('Street address', { exact: true }).fill('1 Market Street');
  await page.getByLabel('Town / City', { exact: true }).fill('San Francisco');
  await page.locator('#billing_state').selectOption('CA');
  await page.locator('#billing_postcode').fill('94105');
  await page.getByLabel('Phone', { exact: true }).fill('4155550100');
  await page.getByLabel('Email address', { exact: true }).fill(`${first.toLowerCase()}@customers.test`);
}

/** Pays the cart with the Visa test card; answers the order number. */
async function payByCard(page: Page, first: string, fill = true): Promise<string> {
  await page.goto('/checkout/');
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  if (fill) await fillBilling(page, first);
  await page.getByLabel('Card number').fill(VISA);
  await page.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  const rates = page.getByRole('radiogroup', { name: 'Shipping' });
  if (await rates.count()) await expect(rates.getByRole('radio', { checked: true })).toHaveCount(1);
  const terms = page.getByRole('checkbox', { name: /terms and conditions/ });
  if (await terms.count()) await terms.check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\/\?key=/);
  return /\/order-received\/(\d+)\//.exec(page.url())![1]!;
}

test('a customer pays by card, finds the order under My account → Orders and opens it', async ({ page }) => {
  await logInCustomer(page, ADA);
  await beanieInCart(page);
  const number = await payByCard(page, 'Ada');

  await page.goto('/my-account/');
  await expect(page.getByText('Hello Ada', { exact: true })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Account pages' });
  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/my-account\/orders\/$/);
  await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Order', 'Date', 'Status', 'Total', 'Actions']);
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `View order number ${number}` }) });
  await expect(row).toContainText('Processing');
  await row.getByRole('link', { name: `View order number ${number}` }).last().click();

  await expect(page).toHaveURL(new RegExp(`/my-account/view-order/${number}/$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible();
  await expect(page.getByText(`Order #${number} was placed on`)).toContainText('is currently Processing.');
  const details = page.getByRole('region', { name: 'Order details' });
  await expect(details.getByText(/Beanie/)).toBeVisible();
  await expect(details).toContainText('Credit Card (Visa •••• 4242)');
  await expect(page.getByRole('region', { name: 'Billing address' })).toContainText('1 Market Street');
});

test('another customer’s order URL answers 404 and shows nothing of it', async ({ browser }) => {
  const bob = await browser.newPage();
  await logInCustomer(bob, BOB);
  await beanieInCart(bob);
  const bobs = await payByCard(bob, 'Bob');
  await bob.close();

  const page = await browser.newPage();
  await logInCustomer(page, ADA);
  await page.goto(`/my-account/view-order/${bobs}/`);
  await expect(page.getByRole('alert')).toHaveText('Invalid order.');
  await expect(page.getByText('Bob')).toHaveCount(0);
  const status = await page.evaluate(async (id) => {
    const session = await (await fetch('/api/v1/account/session')).json();
    const answer = await fetch(`/api/v1/account/orders/${id}`, { headers: { 'X-WP-Nonce': session.account.nonce } });
    return answer.status;
  }, bobs);
  expect(status).toBe(404);
  await page.close();
});

test('a saved billing address prefills the checkout', async ({ page }) => {
  await logInCustomer(page, CARA);
  await page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Addresses' }).click();
  await expect(page.getByText('The following addresses will be used on the checkout page by default.')).toBeVisible();
  await page.getByRole('link', { name: /(Add|Edit) Billing address/ }).click();
  await expect(page).toHaveURL(/\/my-account\/edit-address\/billing\/$/);
  await fillBilling(page, 'Cara');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Address changed successfully.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Billing address' })).toContainText('Cara Lovelace');

  await beanieInCart(page);
  await page.goto('/checkout/');
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Cara');
  await expect(page.getByLabel('Town / City', { exact: true })).toHaveValue('San Francisco');
  await expect(page.locator('#billing_postcode')).toHaveValue('94105');
  await expect(page.getByLabel('Email address', { exact: true })).toHaveValue('cara@customers.test');
});

test('the account pages are reached with the keyboard alone', async ({ page }) => {
  await logInCustomer(page, DEV);
  const nav = page.getByRole('navigation', { name: 'Account pages' });
  const orders = nav.getByRole('link', { name: 'Orders' });
  for (let presses = 0; presses < 60 && !(await orders.evaluate((el) => el === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(orders).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my-account\/orders\/$/);
  await expect(page.getByText('No order has been made yet.')).toBeVisible();
  await expect(orders).toHaveAttribute('aria-current', 'page');
  // Tab moves on through the entries in WooCommerce's order.
  await orders.focus();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Downloads' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Addresses' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Addresses' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Addresses' })).toHaveAttribute('aria-current', 'page');
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header shows the whole shop name beside the menu, currency, account and cart controls', async ({ page }) => {
    await page.goto('/my-account/');
    await dismissConsent(page);
    const header = page.locator('#site-header');
    const name = header.locator('.site-brand__name');
    await expect(name).toHaveText('Vitrine');
    // Not cut: the name's text fits its box (it was cut to "Vitr").
    const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth || el.getBoundingClientRect().width < el.scrollWidth);
    expect(cut, 'the shop name is cut').toBe(false);
    const controls = [
      header.getByRole('button', { name: 'Menu' }),
      header.getByRole('button', { name: 'Currency: USD' }),
      header.getByRole('button', { name: 'Login' }),
      header.getByRole('link', { name: /^Cart, \d+ items?$/ }),
    ];
    const brand = (await name.boundingBox())!;
    for (const control of controls) {
      await expect(control).toBeInViewport({ ratio: 1 });
      const box = (await control.boundingBox())!;
      const apart = box.x >= brand.x + brand.width || box.x + box.width <= brand.x;
      expect(apart, 'a control overlaps the shop name').toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
