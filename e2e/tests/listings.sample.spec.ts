// Layered navigation on WooCommerce's sample catalogue (issue 13): the shop filtered by a
// colour (counts beside each term) and by price, then sorted by price; the filters stay in
// the address, and on a phone they fold behind a "Filter" button. A term's checkbox loads the
// filtered listing at once (WooCommerce's layered-nav links do); the price applies with its
// button.
import { test, expect, type Page } from './support/test';

const filters = (page: Page) => page.getByRole('region', { name: 'Filter products' });

test('the shop filters by colour and price, then sorts by price', async ({ page }) => {
  await page.goto('/shop/');
  const colours = filters(page).getByRole('group', { name: 'Filter by Color' });
  await expect(colours.getByRole('checkbox', { name: 'Blue (4)' })).not.toBeChecked();
  await colours.getByRole('checkbox', { name: 'Blue (4)' }).check();
  await expect(page).toHaveURL(/\/shop\/\?filter_color=blue$/);
  await expect(page.getByText('Showing all 4 results')).toBeVisible();
  await expect(colours.getByRole('checkbox', { name: 'Blue (4)' })).toBeChecked();

  const price = filters(page).getByRole('form', { name: 'Filter by price' });
  await price.getByRole('spinbutton', { name: 'Min price' }).fill('16');
  await price.getByRole('spinbutton', { name: 'Max price' }).fill('44');
  await price.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/filter_color=blue/);
  await expect(page).toHaveURL(/min_price=16&max_price=44/);
  await expect(page.getByText('Showing all 2 results')).toBeVisible();

  await page.getByRole('combobox', { name: 'Shop order' }).selectOption({ label: 'Sort by price: high to low' });
  await expect(page).toHaveURL(/orderby=price-desc/);
  await expect(page.locator('.products').getByRole('heading', { level: 2 })).toHaveText(['Hoodie', 'Polo']);

  await filters(page).getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/shop\/\?orderby=price-desc$/);
  await expect(page.getByText('Showing 1–12 of 17 results')).toBeVisible();
});

test('a category listing filters by colour too, from the keyboard', async ({ page }) => {
  await page.goto('/product-category/clothing/hoodies/');
  const red = filters(page).getByRole('checkbox', { name: 'Red (1)' });
  await red.focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/filter_color=red/);
  await expect(page.getByText('Showing the single result')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Hoodie', exact: true })).toBeVisible();
  // The filtered page keeps the box ticked and the keyboard where it was; Space again clears it.
  await expect(red).toBeChecked();
  await expect(red).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/\/product-category\/clothing\/hoodies\/$/);
  await expect(red).not.toBeChecked();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the filters fold behind a Filter button', async ({ page }) => {
    await page.goto('/shop/');
    const toggle = filters(page).getByRole('button', { name: 'Filter' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(filters(page).getByRole('group', { name: 'Filter by Color' })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(filters(page).getByRole('checkbox', { name: 'Green (3)' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
