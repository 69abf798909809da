// Currencies and discounts (issue 12) on the demo shop: config/demo.toml offers USD (base), EUR
// and GBP, and a bulk rule on T-Shirt ($18.00): 10 % off 3–5, 20 % off 6 or more; two Long Sleeve
// Tees ($25.00) earn a free Beanie, Beanie with Logo or Cap, picked in the cart; the Tote Bag
// ($24.00) has its own euro price, €19.00 (data/demo-extras.csv).
import { test, expect, type Page } from './support/test';
import { dismissConsent } from './support/consent';
import AxeBuilder from '@axe-core/playwright';

const T_SHIRT = '/product/t-shirt/';

/** Every price the page shows: product prices, cards, the bulk table's prices. */
async function shownPrices(page: Page): Promise<string[]> {
  const texts = await page.locator('main .price-amount, main .bulk-table td:last-child').allInnerTexts();
  return texts.map((text) => text.trim()).filter(Boolean);
}

async function expectAllIn(page: Page, symbol: string, other: RegExp) {
  await expect.poll(async () => (await shownPrices(page)).length).toBeGreaterThan(1);
  const prices = await shownPrices(page);
  for (const price of prices) {
    expect(price, `every price is in ${symbol}`).toContain(symbol);
    expect(price).not.toMatch(other);
  }
}

const bulkTable = (page: Page) => page.getByRole('table', { name: 'Bulk discounts' });

const TEE_GIFT = /^Choose your free item: Buy 2 Long Sleeve Tees/;

/** Two Long Sleeve Tees in the cart, then the cart page with its free-item choice. */
async function teesInCart(page: Page) {
  await page.goto('/product/long-sleeve-tee/');
  await dismissConsent(page);
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await page.locator('.product__summary').getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await page.goto('/cart/');
  const group = page.getByRole('group', { name: TEE_GIFT });
  await expect(group).toBeVisible();
  return group;
}

/** Picks `name` as the free item and waits for the server's cart. */
async function pickFree(page: Page, group: ReturnType<Page['getByRole']>, name: RegExp) {
  const picked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/cart/reward');
  await group.getByRole('radio', { name }).check();
  expect((await picked).status()).toBe(200);
  await expect(group.getByRole('radio', { name })).toBeChecked();
}

const cartRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('T-Shirt: the bulk table, and the price following the quantity', async ({ page }, testInfo) => {
    await page.goto(T_SHIRT);
    await dismissConsent(page);
    await expect(page.getByTestId('product-price')).toHaveText('$18.00');

    const table = bulkTable(page);
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveText(['Quantity', 'Discount', 'Price']);
    const rows = table.getByRole('row');
    await expect(rows.nth(1).getByRole('cell')).toHaveText(['3 - 5', '10%', '$16.20']);
    await expect(rows.nth(2).getByRole('cell')).toHaveText(['6 +', '20%', '$14.40']);

    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    await quantity.fill('3');
    await expect(page.getByTestId('product-price')).toContainText('$16.20');
    await expect(page.getByTestId('product-price').locator('del')).toHaveText('$18.00');
    await expect(page.getByTestId('product-you-save')).toHaveText('You save $5.40');

    await quantity.fill('6');
    await expect(page.getByTestId('product-price')).toContainText('$14.40');
    await expect(page.getByTestId('product-you-save')).toHaveText('You save $21.60');

    await quantity.fill('2');
    await expect(page.getByTestId('product-price')).toHaveText('$18.00');
    await expect(page.getByTestId('product-you-save')).toHaveCount(0);

    const results = await new AxeBuilder({ page }).include('.product__summary').include('.currency-sidebar').analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);

    await quantity.fill('3');
    await expect(page.getByTestId('product-price')).toContainText('$16.20');
    // Desktop: the sidebar expands once the mouse rests on it (hover intent, the plugin's 100 ms).
    const sidebar = page.getByRole('complementary', { name: 'Currency sidebar' });
    await sidebar.hover();
    await expect(sidebar).toHaveAttribute('data-expanded', 'true');
    await page.screenshot({ path: testInfo.outputPath('pricing-t-shirt-1280.png'), fullPage: false });
  });

  test('switching to EUR by the header widget changes every price on the page', async ({ page }, testInfo) => {
    await page.goto(T_SHIRT);
    await dismissConsent(page);
    await expect(bulkTable(page)).toBeVisible();
    await expectAllIn(page, '$', /€|£/);

    const header = page.getByRole('banner');
    const button = header.getByRole('button', { name: 'Currency: USD' });
    await expect(button).toHaveAttribute('aria-haspopup', 'listbox');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const listbox = header.getByRole('listbox', { name: 'Currency' });
    await expect(listbox.getByRole('option')).toHaveCount(3);

    const switched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/currency' && r.request().method() === 'POST');
    const reloaded = page.waitForEvent('load');
    await listbox.getByRole('option', { name: /EUR/ }).click();
    expect((await switched).status()).toBe(200);
    await reloaded;

    await expect(page.getByRole('banner').getByRole('button', { name: 'Currency: EUR' })).toBeVisible();
    await expect(bulkTable(page)).toBeVisible();
    await expectAllIn(page, '€', /\$|£/);
    const cookies = Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c]));
    expect(cookies.wmc_current_currency?.value).toBe('EUR');
    expect(cookies.wmc_current_currency_old?.value).toBe('USD');
    expect(cookies.wmc_current_currency?.httpOnly).toBe(false);

    // The header's mini cart and the quantity price follow too.
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('3');
    await expect(page.getByTestId('product-you-save')).toContainText('€');
    await page.screenshot({ path: testInfo.outputPath('pricing-t-shirt-eur-1280.png'), fullPage: true });
  });

  test('the keyboard drives the header switcher', async ({ page }) => {
    await page.goto('/shop/');
    await dismissConsent(page);
    const button = page.getByRole('banner').getByRole('button', { name: 'Currency: USD' });
    await button.focus();
    await page.keyboard.press('Enter');
    const listbox = page.getByRole('banner').getByRole('listbox', { name: 'Currency' });
    await expect(listbox).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(button).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    const reloaded = page.waitForEvent('load');
    await page.keyboard.press('Enter');
    await reloaded;
    await expect(page.getByRole('banner').getByRole('button', { name: 'Currency: GBP' })).toBeVisible();
    await expectAllIn(page, '£', /\$|€/);
  });

  test('?wmc-currency=EUR renders the page in euros from the first paint and leaves the address', async ({ page }) => {
    const response = await page.goto('/shop/?orderby=price&wmc-currency=EUR');
    // First paint: the server's HTML already carries euro prices.
    expect(await response!.text()).toContain('€');
    await dismissConsent(page);
    await expect(page).toHaveURL(/\/shop\/\?orderby=price$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Currency: EUR' })).toBeVisible();
    await expectAllIn(page, '€', /\$|£/);

    await page.goto(T_SHIRT);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Currency: EUR' })).toBeVisible();
    await expect(bulkTable(page)).toBeVisible();
    await expectAllIn(page, '€', /\$|£/);
  });

  test('the cart shows discounted lines with the regular price struck through, and the inline switcher', async ({ page }, testInfo) => {
    await page.goto(T_SHIRT);
    await dismissConsent(page);
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('3');
    await page.locator('.product__summary').getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();

    await page.goto('/cart/');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'T-Shirt' }) });
    await expect(row.locator('del')).toHaveText(/\$18\.00/);
    await expect(row.locator('ins')).toHaveText(/\$16\.20/);
    await expect(row).toContainText('$48.60');
    const totals = page.getByRole('region', { name: 'Cart totals' });
    await expect(totals.getByTestId('cart-total')).toHaveText('$48.60');

    await page.screenshot({ path: testInfo.outputPath('pricing-cart-1280.png'), fullPage: true });
    const inline = page.getByRole('region', { name: 'Currency switcher' });
    await inline.getByRole('button', { name: 'Currency: USD' }).click();
    const reloaded = page.waitForEvent('load');
    await inline.getByRole('option', { name: /GBP/ }).click();
    await reloaded;
    await expect(page.getByRole('region', { name: 'Cart totals' }).getByTestId('cart-total')).toContainText('£');
    await expect(page.getByRole('row').filter({ has: page.getByRole('link', { name: 'T-Shirt' }) }).locator('ins')).toContainText('£');
  });
});

test.describe('desktop: a BOGO in the cart, fixed prices, paying in euros', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('two Long Sleeve Tees earn a free item the shopper picks in the cart; it follows the currency into checkout', async ({ page }, testInfo) => {
    const group = await teesInCart(page);
    await expect(group.getByRole('radio')).toHaveCount(3);
    await expect(group.getByRole('radio', { name: /^Beanie \$/ })).toBeVisible();
    await expect(group.getByRole('radio', { name: /^Cap/ })).not.toBeChecked();
    await expect(page.getByRole('region', { name: 'Cart totals' }).getByTestId('cart-total')).toHaveText('$50.00');

    await pickFree(page, group, /^Cap/);
    await expect(cartRow(page, 'Cap')).toContainText('$0.00');
    await expect(cartRow(page, 'Cap').locator('del').first()).toContainText('$16.00');
    await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cart totals' }).getByTestId('cart-total')).toHaveText('$50.00');
    const results = await new AxeBuilder({ page }).include('.reward-choices').include('.cart-table').analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);

    // Another pick, with the arrow keys from the chosen radio (APG radio group), takes the cap
    // back out; the new pick stays checked and focused while the cart reloads and after.
    await expect(group.getByRole('radio', { name: /^Cap/ })).toBeFocused();
    const moved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/cart/reward');
    await page.keyboard.press('ArrowUp');
    await expect(group.getByRole('radio', { name: /^Beanie with Logo/ })).toBeChecked();
    expect((await moved).status()).toBe(200);
    await expect(cartRow(page, 'Cap')).toHaveCount(0);
    await expect(group.getByRole('radio', { name: /^Beanie with Logo/ })).toBeChecked();
    await expect(group.getByRole('radio', { name: /^Beanie with Logo/ })).toBeFocused();
    await expect(cartRow(page, 'Beanie with Logo')).toContainText('$0.00');
    await page.screenshot({ path: testInfo.outputPath('pricing-cart-bogo-1280.png'), fullPage: true });

    // In euros the lines, the choice and the totals change; the free item stays free.
    const inline = page.getByRole('region', { name: 'Currency switcher' });
    await inline.getByRole('button', { name: 'Currency: USD' }).click();
    const reloaded = page.waitForEvent('load');
    await inline.getByRole('option', { name: /EUR/ }).click();
    await reloaded;
    const euroGroup = page.getByRole('group', { name: TEE_GIFT });
    await expect(euroGroup.getByRole('radio', { name: /^Beanie with Logo/ })).toBeChecked();
    await expect(euroGroup).toContainText('€');
    await expect(cartRow(page, 'Beanie with Logo')).toContainText('€0.00');
    const euroTotal = page.getByRole('region', { name: 'Cart totals' }).getByTestId('cart-total');
    await expect(euroTotal).toContainText('€');
    await page.screenshot({ path: testInfo.outputPath('pricing-cart-bogo-eur-1280.png'), fullPage: true });

    // The checkout's order review is in euros too.
    await page.goto('/checkout/');
    await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
    await expect(page.getByTestId('order-total')).toContainText('€');
    await expect(page.getByTestId('order-total')).not.toContainText('$');
  });

  test('the Tote Bag has its own euro price, not the converted one', async ({ page }, testInfo) => {
    await page.goto('/product/tote-bag/');
    await dismissConsent(page);
    await expect(page.getByTestId('product-price')).toHaveText('$24.00');
    await page.goto('/product/tote-bag/?wmc-currency=EUR');
    // $24.00 × 0.92 would be €22.08 → €22.99; the product's own euro price is €19.00.
    await expect(page.getByTestId('product-price')).toHaveText('€19.00');
    await page.locator('.product__summary').getByRole('button', { name: 'Add to cart' }).click();
    // The add has answered before the page is left (a navigation cancels a request not yet sent).
    await expect(page.locator('.product__summary').getByRole('link', { name: 'View cart' })).toBeVisible();
    await page.goto('/cart/');
    await expect(cartRow(page, 'Tote Bag')).toContainText('€19.00');
    await page.screenshot({ path: testInfo.outputPath('pricing-tote-bag-eur-1280.png'), fullPage: false });
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tap on the sidebar expands it and locks the page; choosing EUR switches every price', async ({ page }, testInfo) => {
    await page.goto(T_SHIRT);
    await dismissConsent(page);
    await expect(bulkTable(page)).toBeVisible();
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('6');
    await expect(page.getByTestId('product-price')).toContainText('$14.40');
    await page.screenshot({ path: testInfo.outputPath('pricing-t-shirt-390.png'), fullPage: true });

    const sidebar = page.getByRole('complementary', { name: 'Currency sidebar' });
    const button = sidebar.getByRole('button', { name: 'Currency: USD' });
    await button.tap();
    await expect(sidebar).toHaveAttribute('data-expanded', 'true');
    await expect(sidebar.getByRole('listbox', { name: 'Currency' })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await page.screenshot({ path: testInfo.outputPath('pricing-sidebar-open-390.png') });

    const reloaded = page.waitForEvent('load');
    await sidebar.getByRole('option', { name: /EUR/ }).tap();
    await reloaded;
    await expect(page.getByRole('complementary', { name: 'Currency sidebar' }).getByRole('button', { name: 'Currency: EUR' })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
    await expectAllIn(page, '€', /\$|£/);
  });

  test('the free-item choice fits a phone and a pick updates the cart', async ({ page }, testInfo) => {
    const group = await teesInCart(page);
    await pickFree(page, group, /^Beanie \$/);
    await expect(cartRow(page, 'Beanie')).toContainText('$0.00');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'no sideways scroll').toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('pricing-cart-bogo-390.png'), fullPage: true });
  });
});
