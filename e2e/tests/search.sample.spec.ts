// Live search on WooCommerce's sample catalogue (issue 13): suggestions from the in-process
// index, picked with the keyboard; results sorted by price; quick view from the results and
// a variation added to the cart from there.
import { test, expect, type Locator, type Page } from './support/test';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' });
const cartCount = (page: Page, count: string) => page.getByRole('link', { name: `Cart, ${count}` });

function option(page: Page, attribute: string, value: string): Locator {
  return page
    .getByRole('radiogroup', { name: attribute })
    .getByRole('radio', { name: value, exact: true })
    .or(page.getByRole('combobox', { name: attribute }));
}

test('typing "hoo" suggests the hoodies; the keyboard opens one', async ({ page }) => {
  await page.goto('/shop/');
  const box = searchBox(page);
  await box.click();
  await box.pressSequentially('hoo');
  const list = page.getByRole('listbox', { name: 'Search products: suggestions' });
  await expect(list.getByRole('option').first()).toHaveText(/^Hoodie\b/);
  await expect(list.getByRole('option', { name: /Hoodie with Pocket/ })).toHaveCount(0);
  const height = await list.evaluate((el) => el.getBoundingClientRect().height);
  expect(height).toBeLessThanOrEqual(300);
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/product\/hoodie\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hoodie' })).toBeVisible();
});

test('Escape closes the suggestions and Enter then searches', async ({ page }) => {
  await page.goto('/shop/');
  const box = searchBox(page);
  await box.click();
  await box.pressSequentially('hodie');
  await expect(page.getByRole('option').first()).toHaveText(/^Hoodie\b/);
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.press('Enter');
  await expect(page).toHaveURL(/\?s=hodie&post_type=product$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search results: “hodie”' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hoodie', exact: true }).first()).toBeVisible();
});

test('search results sort by price and open quick view; a variation goes in the cart', async ({ page }) => {
  await page.goto('/?s=hoo&post_type=product');
  await page.getByRole('combobox', { name: 'Shop order' }).selectOption({ label: 'Sort by price: low to high' });
  await expect(page).toHaveURL(/orderby=price/);
  const prices = await page.locator('.products .price-amount').allTextContents();
  const firsts = prices.map((p) => Number(/\$(\d+\.\d\d)/.exec(p)?.[1] ?? 'NaN'));
  expect(firsts).toEqual([...firsts].sort((a, b) => a - b));

  await page.getByRole('button', { name: 'Quick view Hoodie', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Hoodie' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('link', { name: 'Select options' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hoodie' })).toBeVisible();
  await expect(cartCount(page, '0 items')).toBeVisible();
  const color = option(page, 'Color', 'Blue');
  if ((await color.getAttribute('role')) === 'combobox') await color.selectOption('Blue');
  else await color.click();
  const logo = option(page, 'Logo', 'Yes');
  if ((await logo.getAttribute('role')) === 'combobox') await logo.selectOption('Yes');
  else await logo.click();
  await page.locator('form.variations_form').getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(cartCount(page, '1 item')).toBeAttached();
});
