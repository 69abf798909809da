// The page frame is the server's HTML (ADR 0040): React draws `<main>` and the header's islands.
// The header stays the same element across client-side navigations, and what it shows for the
// visitor (cart count, the category bar's current link, the search box's query) is right before
// the app starts, once it has, and after each navigation.
import { test, expect, type Page } from './support/test';
import { APP_STARTED } from './support/test';

const header = (page: Page) => page.getByRole('banner');
const bar = (page: Page) => header(page).getByRole('navigation', { name: 'Main' });
const card = (page: Page, name: string) => page.getByTestId('product-card').filter({ has: page.getByRole('link', { name, exact: true }) });

async function addBeanie(page: Page) {
  await page.goto('/shop/');
  await expect(header(page).getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await card(page, 'Beanie').getByRole('button', { name: 'Add to cart' }).click();
  await expect(header(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
}

test('the server’s header stays through client-side navigations, its current link and cart count follow the page', async ({ page }) => {
  await addBeanie(page);
  await expect(bar(page).getByRole('link', { name: 'Shop', exact: true })).toHaveAttribute('aria-current', 'page');
  // Mark the header: a full page load would bring a new one.
  await page.locator('#site-header').evaluate((element) => element.setAttribute('data-kept', 'yes'));

  await bar(page).getByRole('link', { name: 'Decor', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Decor' })).toBeVisible();
  await expect(page.locator('#site-header')).toHaveAttribute('data-kept', 'yes');
  await expect(bar(page).getByRole('link', { name: 'Decor', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(bar(page).getByRole('link', { name: 'Shop', exact: true })).not.toHaveAttribute('aria-current');
  await expect(header(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expect(page.getByRole('main')).toBeFocused();

  // The brand and the footer's links are the server's: they navigate in the page too.
  await page.getByRole('contentinfo').getByRole('link', { name: 'All products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  await header(page).getByRole('link', { name: /Vitrine/ }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#site-header')).toHaveAttribute('data-kept', 'yes');
  await expect(bar(page).getByRole('link', { name: 'Shop', exact: true })).not.toHaveAttribute('aria-current');

  // A search shows its query in the header's box; back returns to the page before.
  const search = header(page).getByRole('combobox', { name: 'Search products' });
  await search.fill('hoodie');
  await search.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /Search results/ })).toBeVisible();
  await expect(header(page).getByRole('combobox', { name: 'Search products' })).toHaveValue('hoodie');
  await expect(page.locator('#site-header')).toHaveAttribute('data-kept', 'yes');
});

test('the cart count is the visitor’s before the app starts, and after', async ({ page }) => {
  await addBeanie(page);
  // The next page without the app: its script never arrives.
  await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/product/beanie/', { waitUntil: 'load' });
  await expect(page.locator(APP_STARTED)).toHaveCount(0);
  await expect(header(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expect(header(page).locator('.cart-link__count')).toHaveText('1');

  // With the app, the island shows the same.
  await page.unroute(/\/assets\/index-[^/]*\.js$/);
  await page.goto('/product/beanie/');
  await expect(page.locator(APP_STARTED)).toBeAttached();
  await expect(header(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
});

test('the header’s parts are the app’s once it has started: one of each, none inert', async ({ page }) => {
  await page.goto('/shop/');
  await expect(page.locator(APP_STARTED)).toBeAttached();
  await expect(header(page).getByRole('combobox', { name: 'Search products' })).toHaveCount(1);
  await expect(header(page).getByRole('link', { name: /^Cart, / })).toHaveCount(1);
  await expect(header(page).locator('[inert]')).toHaveCount(0);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
});
