// Foundation journeys on WooCommerce's sample catalogue, driven by accessible names.
import { test, expect } from './support/test';
import AxeBuilder from '@axe-core/playwright';

async function expectNoSeriousA11yViolations(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('the shop lists the 17 visible sample products, twelve per page', async ({ page }) => {
  await page.goto('/shop/');
  await expect(page.getByText('Showing 1–12 of 17 results')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Shop order' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search products' })).toBeVisible();
  await page.getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\/page\/2\/$/);
  await expect(page.getByText('Showing 13–17 of 17 results')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a hidden product is absent from listings but its page opens by URL', async ({ page }) => {
  for (const path of ['/shop/', '/shop/page/2/']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Hoodie with Pocket' })).toHaveCount(0);
  }
  await page.goto('/product/hoodie-with-pocket/');
  await expect(page.getByRole('heading', { level: 1, name: 'Hoodie with Pocket' })).toBeVisible();
});

test('the Hoodie shows its price range and attribute pickers', async ({ page }) => {
  await page.goto('/product/hoodie/');
  await expect(page.getByRole('heading', { level: 1, name: 'Hoodie' })).toBeVisible();
  await expect(page.getByTestId('product-price')).toHaveText(/\$42\.00\s*–\s*\$45\.00/);
  await expect(page.getByRole('combobox', { name: 'Color' }).or(page.getByRole('radiogroup', { name: 'Color' }))).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Logo' }).or(page.getByRole('radiogroup', { name: 'Logo' }))).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('WordPress Pennant links out with its own button text', async ({ page }) => {
  await page.goto('/product/wordpress-pennant/');
  const link = page.getByRole('link', { name: 'Buy on the WordPress swag store!' });
  await expect(link).toHaveAttribute('href', 'https://mercantile.wordpress.org/product/wordpress-pennant/');
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
});

test('Logo Collection lists a quantity for each of its three children', async ({ page }) => {
  await page.goto('/product/logo-collection/');
  for (const child of ['Hoodie with Logo', 'T-Shirt', 'Beanie']) {
    await expect(page.getByRole('spinbutton', { name: `Quantity for ${child}` })).toBeVisible();
  }
  await expect(page.getByRole('spinbutton', { name: /^Quantity for / })).toHaveCount(3);
});

test('an unknown product answers 404 with the shop 404 page', async ({ page }) => {
  const response = await page.goto('/product/no-such-thing/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
  await expect(page.getByRole('link', { name: /shop/i }).first()).toBeVisible();
});

test('category and tag pages list their products', async ({ page }) => {
  await page.goto('/product-category/clothing/hoodies/');
  await expect(page.getByRole('heading', { level: 1, name: 'Hoodies' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hoodie with Logo' }).first()).toBeVisible();
  await expect(page.getByText('Showing all 3 results')).toBeVisible();
});

test('client-side navigation from a listing to a product keeps working', async ({ page }) => {
  await page.goto('/shop/');
  await page.getByRole('link', { name: 'Beanie', exact: true }).first().click();
  await expect(page).toHaveURL(/\/product\/beanie\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Beanie' })).toBeVisible();
  await expect(page).toHaveTitle(/Beanie/);
});

test('crawlers see the product in the HTML without running JavaScript', async ({ request }) => {
  const res = await request.get('/product/hoodie/');
  const html = await res.text();
  expect(html).toContain('<title>Hoodie');
  expect(html).toMatch(/<link rel="canonical" href="[^"]*\/product\/hoodie\/"/);
  expect(html).toMatch(/<meta property="og:title" content="Hoodie[" –]/);
  expect(html).toContain('"@type":"Product"');
  expect(html).toContain('id="vitrine-data"');
  expect(html).toMatch(/<h1[^>]*>Hoodie<\/h1>/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu button opens the navigation and the grid has two columns', async ({ page }) => {
    await page.goto('/shop/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation').getByRole('link', { name: /Clothing/ }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    const cards = page.locator('[data-testid="product-card"]');
    const first = await cards.nth(0).boundingBox();
    const second = await cards.nth(1).boundingBox();
    const third = await cards.nth(2).boundingBox();
    expect(first && second && third).toBeTruthy();
    expect(Math.round(first!.y)).toBe(Math.round(second!.y));
    expect(third!.y).toBeGreaterThan(first!.y);
  });
});
