// Cart journeys (issue 3) on WooCommerce's sample catalogue, driven by accessible names
// (ui-contract.md plus docs/ui-contract-additions.md). Every test starts with an empty cart: a
// fresh browser context has no session cookie.
import { test, expect, type Page } from './support/test';
import AxeBuilder from '@axe-core/playwright';

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

const cartLink = (page: Page, count: string) => page.getByRole('link', { name: `Cart, ${count}` });
const miniCart = (page: Page) => page.getByRole('region', { name: 'Mini cart' });
/** The product summary's own button: related products below have "Add to cart" too. */
const productAddButton = (page: Page) => page.locator('.product__summary').getByRole('button', { name: 'Add to cart' });
const card = (page: Page, name: string) =>
  page.getByTestId('product-card').filter({ has: page.getByRole('link', { name, exact: true }) });

/** Opens a product page once the app has taken over (the header count comes from the session). */
async function openProduct(page: Page, slug: string, name: string) {
  await page.goto(`/product/${slug}/`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(cartLink(page, '0 items')).toBeVisible();
}

test('a simple product adds from the listing without leaving it', async ({ page }) => {
  await page.goto('/shop/');
  await expect(cartLink(page, '0 items')).toBeVisible();
  const beanie = card(page, 'Beanie');
  await beanie.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartLink(page, '1 item')).toBeVisible();
  await expect(beanie.getByRole('link', { name: 'View cart' })).toBeVisible();
  await expect(miniCart(page)).toBeVisible();
  await expect(miniCart(page).getByRole('spinbutton', { name: 'Number of Beanie' })).toHaveValue('1');
  await expect(page).toHaveURL(/\/shop\/$/);
  // Other product types keep their link to the product page.
  await expect(card(page, 'Hoodie').getByRole('link', { name: 'Select options' })).toHaveAttribute('href', '/product/hoodie/');
});

test('a simple product adds from its page: button states, View cart and the mini cart', async ({ page }) => {
  await openProduct(page, 't-shirt', 'T-Shirt');
  const button = productAddButton(page);
  await button.click();
  await expect(cartLink(page, '1 item')).toBeVisible();
  await expect(button).toHaveClass(/\badded\b/);
  await expect(button).not.toHaveAttribute('aria-busy', 'true');
  const viewCart = page.getByRole('link', { name: 'View cart' });
  await expect(viewCart).toBeVisible();
  await expect(miniCart(page)).toBeVisible();
  await expect(miniCart(page).getByRole('link', { name: 'Go to cart' })).toBeVisible();
  await viewCart.click();
  await expect(page).toHaveURL(/\/cart\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Quantity for T-Shirt' })).toHaveValue('1');
  await expect(page).toHaveTitle(/^Cart – /);
});

test('a grouped product adds two of its children', async ({ page }) => {
  await openProduct(page, 'logo-collection', 'Logo Collection');
  await page.getByRole('spinbutton', { name: 'Quantity for T-Shirt' }).fill('1');
  await page.getByRole('spinbutton', { name: 'Quantity for Beanie' }).fill('1');
  await productAddButton(page).click();
  await expect(cartLink(page, '2 items')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View cart' })).toBeVisible();
  await page.goto('/cart/');
  await expect(page.getByRole('spinbutton', { name: 'Quantity for T-Shirt' })).toHaveValue('1');
  await expect(page.getByRole('spinbutton', { name: 'Quantity for Beanie' })).toHaveValue('1');
});

test('a line is removed from the mini cart', async ({ page }) => {
  await openProduct(page, 'beanie', 'Beanie');
  await productAddButton(page).click();
  await expect(cartLink(page, '1 item')).toBeVisible();
  await miniCart(page).getByRole('button', { name: 'Remove Beanie from cart' }).click();
  await expect(cartLink(page, '0 items')).toBeVisible();
  await expect(miniCart(page).getByText('No products in the cart.')).toBeVisible();
});

test('the header link toggles the mini cart; Close and Escape close it', async ({ page }) => {
  await page.goto('/shop/');
  const link = cartLink(page, '0 items');
  await link.click();
  await expect(miniCart(page)).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/$/);
  await expect(link).toHaveAttribute('aria-expanded', 'true');
  await expect(miniCart(page).getByText('No products in the cart.')).toBeVisible();
  // The panel covers the header's right side on wide screens: it closes from inside, and focus
  // goes back to the link.
  await miniCart(page).getByRole('button', { name: 'Close mini cart' }).click();
  await expect(miniCart(page)).toBeHidden();
  await expect(link).toBeFocused();
  await expect(link).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(miniCart(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(miniCart(page)).toBeHidden();
  // A modified click is left to the browser: /cart/ opens in a new tab, nothing toggles here.
  const [popup] = await Promise.all([page.context().waitForEvent('page'), link.click({ modifiers: ['ControlOrMeta'] })]);
  await popup.waitForLoadState();
  expect(new URL(popup.url()).pathname).toBe('/cart/');
  await popup.close();
  await expect(miniCart(page)).toBeHidden();
});

test('the quantity changes on the cart page', async ({ page }) => {
  await openProduct(page, 't-shirt', 'T-Shirt');
  await productAddButton(page).click();
  await expect(cartLink(page, '1 item')).toBeVisible();
  await page.goto('/cart/');
  const quantity = page.getByRole('spinbutton', { name: 'Quantity for T-Shirt' });
  await expect(quantity).toHaveValue('1');
  await quantity.fill('3');
  // A typed quantity is applied with "Update cart", as in WooCommerce (plus/minus apply by themselves).
  await page.getByRole('button', { name: 'Update cart' }).click();
  await expect(cartLink(page, '3 items')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: 'Quantity for T-Shirt' })).toHaveValue('3');
  await expect(cartLink(page, '3 items')).toBeVisible();
});

test('five rapid clicks add five, one request at a time', async ({ page }) => {
  await openProduct(page, 't-shirt', 'T-Shirt');
  const posts: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/cart/items') {
      posts.push(Date.now());
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
    }
  });
  const settled = (request: import('@playwright/test').Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/cart/items') inFlight -= 1;
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  const button = productAddButton(page);
  for (let i = 0; i < 5; i += 1) await button.click({ delay: 0 });
  await expect(cartLink(page, '5 items')).toBeVisible();
  expect(posts).toHaveLength(5);
  expect(maxInFlight).toBe(1);
  await expect(miniCart(page).getByRole('spinbutton', { name: 'Number of T-Shirt' })).toHaveValue('5');
});

test('a second tab sees the change', async ({ page, context }) => {
  await page.goto('/shop/');
  await expect(cartLink(page, '0 items')).toBeVisible();
  const other = await context.newPage();
  await other.goto('/shop/');
  await expect(cartLink(other, '0 items')).toBeVisible();

  await card(page, 'Beanie').getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartLink(page, '1 item')).toBeVisible();
  // Without reloading: the other tab hears of it.
  await expect(cartLink(other, '1 item')).toBeVisible();

  await card(other, 'Cap').getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartLink(other, '2 items')).toBeVisible();
  await expect(cartLink(page, '2 items')).toBeVisible();
  await other.close();
});

test('the mini cart opened by an add closes itself after 5 s', async ({ page }) => {
  // On the page's clock: still open 4 s after the add, gone by 5 s (the 4,990 / 5,000 ms
  // edge is pinned in mini-cart.test.tsx).
  await page.clock.install();
  await openProduct(page, 'beanie', 'Beanie');
  await productAddButton(page).click();
  await expect(miniCart(page)).toBeVisible();
  // Pointer and focus away from the panel (hovering or focusing it keeps it open).
  await page.mouse.move(5, 400);
  // Paused a moment ahead of the page's now (the clock cannot go back).
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  await page.clock.runFor(4_000);
  await expect(miniCart(page)).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(miniCart(page)).toBeHidden();
  await expect(cartLink(page, '1 item')).toBeVisible();
});

test('the cart page passes axe, with lines and empty', async ({ page }) => {
  await openProduct(page, 't-shirt', 'T-Shirt');
  await productAddButton(page).click();
  await expect(cartLink(page, '1 item')).toBeVisible();
  await page.goto('/cart/');
  await expect(page.getByRole('spinbutton', { name: 'Quantity for T-Shirt' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Remove T-Shirt from cart' }).click();
  await expect(page.getByText('Your cart is currently empty.')).toBeVisible();
  await expect(cartLink(page, '0 items')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the cart page is served to everyone alike and may be indexed (ADR 0025)', async ({ page, request }) => {
  const response = await request.get('/cart/?remove_item=0123456789abcdef0123456789abcdef');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).not.toContain('<meta name="robots"');
  expect(response.headers()['set-cookie']).toBeUndefined();
  await page.goto('/cart/');
  await expect(page.getByText('Your cart is currently empty.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to shop' })).toHaveAttribute('href', '/shop/');
});
