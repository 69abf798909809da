// Spec §8 "Add-to-cart response with error and product_url: browser navigates to the product
// page" (issue 14 item 7), against the real server: a listing's add that the server refuses
// sends the shopper to the product page the refusal names, where the quantity can be sorted out.
import { test, expect, type Page } from './support/test';
import { appRendered } from './support/consent';

const cartLink = (page: Page, count: string) => page.getByRole('link', { name: `Cart, ${count}` });
const card = (page: Page, name: string) =>
  page.getByTestId('product-card').filter({ has: page.getByRole('link', { name, exact: true }) });

test('an add from the listing that the server refuses goes to the product page it names', async ({ page }) => {
  await page.goto('/shop/');
  await appRendered(page);
  await expect(cartLink(page, '0 items')).toBeVisible();
  // A cart line holds at most 9 999 of one item: fill the Beanie's line to the brim, the way a
  // second tab would (the page's own session cookie, same origin).
  const status = await page.evaluate(async () => {
    const found = await fetch('/api/v1/products/by-slug/beanie');
    const { product } = (await found.json()) as { product: { id: number } };
    const added = await fetch('/api/v1/cart/items', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ product_id: product.id, quantity: 9999 }),
    });
    return added.status;
  });
  expect(status).toBe(200);

  const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/cart/items' && r.request().method() === 'POST');
  await card(page, 'Beanie').getByRole('button', { name: 'Add to cart' }).click();
  const answer = await refused;
  expect(answer.status()).toBe(400); // quantity_too_large, with product_url
  // (its body names the page; the browser has left for it before the body could be read here)

  await expect(page).toHaveURL(/\/product\/beanie\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Beanie' })).toBeVisible();
});
