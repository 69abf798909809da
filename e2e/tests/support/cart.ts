// The cart endpoints for the tracking journeys. When the shop under test serves its own cart
// API (issue 3) it is used as it is; a shop built without it gets this in-browser stand-in,
// so the tracking side of "add to cart" can still be checked end to end in the browser.
import type { Page } from '@playwright/test';

interface Line {
  key: string;
  product_id: number;
  variation_id: null;
  name: string;
  product_name: string;
  url: string;
  image: null;
  attributes: never[];
  quantity: number;
  quantity_rules: { min: number; max: null; step: number; sold_individually: boolean };
  unit_price: Money;
  line_total: Money;
}

interface Money {
  amount_minor: number;
  currency: string;
  text: string;
}

const money = (amount: number, currency: string): Money => ({ amount_minor: amount, currency, text: `$${(amount / 100).toFixed(2)}` });

/** True when the shop answers the cart endpoints itself. */
export async function shopHasCart(page: Page): Promise<boolean> {
  const res = await page.request.get('/api/v1/cart', { headers: { accept: 'application/json' } });
  return res.status() !== 404;
}

/** Serves GET /session, GET /cart and POST /cart/items from memory when the shop has no cart API. */
export async function useCartStandInIfNeeded(page: Page): Promise<boolean> {
  if (await shopHasCart(page)) return false;
  const lines: Line[] = [];
  const view = () => {
    const currency = lines[0]?.unit_price.currency ?? 'USD';
    const total = lines.reduce((sum, l) => sum + l.line_total.amount_minor, 0);
    return {
      items: lines,
      item_count: lines.reduce((n, l) => n + l.quantity, 0),
      subtotal: money(total, currency),
      total: money(total, currency),
      cart_hash: lines.length ? `hash-${total}-${lines.length}` : '',
      cross_sells: [],
      notices: [],
    };
  };
  await page.route('**/api/v1/session', (route) => route.fulfill({ json: { cart: view() } }));
  await page.route('**/api/v1/cart', (route) => route.fulfill({ json: { cart: view() } }));
  await page.route('**/api/v1/cart/items', async (route) => {
    const body = route.request().postDataJSON() as { product_id: number; quantity?: number };
    const { product } = await (await page.request.get(`/api/v1/products/${body.product_id}`)).json();
    const quantity = body.quantity ?? 1;
    const price = product.price.min_minor as number;
    const key = `line-${body.product_id}`;
    let line = lines.find((l) => l.key === key);
    if (!line) {
      line = {
        key,
        product_id: body.product_id,
        variation_id: null,
        name: product.name,
        product_name: product.name,
        url: product.url,
        image: null,
        attributes: [],
        quantity: 0,
        quantity_rules: { min: 1, max: null, step: 1, sold_individually: false },
        unit_price: money(price, product.price.currency),
        line_total: money(0, product.price.currency),
      };
      lines.push(line);
    }
    line.quantity += quantity;
    line.line_total = money(price * line.quantity, product.price.currency);
    await route.fulfill({ json: { cart: view(), added: [key] } });
  });
  return true;
}
