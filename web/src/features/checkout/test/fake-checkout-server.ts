//! A small fake of the checkout endpoints behind `fetch` (test-only): the checkout answer, the
//! countries, reviews priced by destination, and scripted answers for placing and settling
//! orders; every request recorded with its Idempotency-Key, answers held on demand.

import { money } from '@/lib/api/fixtures/money';
import type { CartItemView, CartView, CheckoutView, PlaceOrderResponse, SavedMethodView } from '@/lib/api/types';
import type { CountryRules } from '../address';
import { COUNTRIES } from './fixtures';

export interface Recorded {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
  idempotencyKey: string | null;
}

export interface Reply {
  status: number;
  statusText?: string;
  body?: unknown;
}

export function line(name: string, minor: number, quantity = 1): CartItemView {
  return {
    key: `key-${name}`,
    product_id: name.length,
    variation_id: null,
    name,
    product_name: name,
    url: `/product/${name.toLowerCase()}/`,
    image: null,
    attributes: [],
    quantity,
    quantity_rules: { min: 1, max: null, step: 1, sold_individually: false },
    unit_price: money(minor),
    regular_price: money(minor),
    line_total: money(minor * quantity),
    discounts: [],
  };
}

export function cartWith(items: CartItemView[]): CartView {
  const subtotal = items.reduce((sum, item) => sum + item.line_total.amount_minor, 0);
  return {
    items,
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal: money(subtotal),
    total: money(subtotal),
    cart_hash: items.length ? 'abc' : '',
    cross_sells: [],
    notices: [],
    currency: 'USD',
    discount_total: money(0),
    discounts: [],
    free_shipping: false,
  };
}

/** Shipping by country: US $5.00 flat or free pickup, elsewhere $20.00; CA state tax 10 %. */
export function checkoutView(cart: CartView, destination: { country?: string; state?: string } = {}, extra: Partial<CheckoutView> = {}): CheckoutView {
  const rates = !destination.country
    ? []
    : destination.country === 'US'
      ? [
          { id: 'flat_rate:1', kind: 'flat_rate', label: 'Flat rate', cost: money(500) },
          { id: 'local_pickup:2', kind: 'local_pickup', label: 'Local pickup', cost: money(0) },
        ]
      : [{ id: 'flat_rate:3', kind: 'flat_rate', label: 'International', cost: money(2000) }];
  const shipping = rates[0]?.cost.amount_minor ?? 0;
  const tax = destination.state === 'CA' ? Math.round(cart.subtotal.amount_minor / 10) : 0;
  const total = cart.total.amount_minor + shipping + tax;
  return {
    cart,
    currency: 'USD',
    needs_shipping: true,
    shipping_rates: rates,
    selected_rate: rates[0]?.id ?? null,
    shipping_error: null,
    totals: {
      subtotal: cart.subtotal,
      discount_total: money(0),
      shipping_total: money(shipping),
      tax_total: money(tax),
      taxes: tax ? [{ label: 'CA State Tax', amount: money(tax) }] : [],
      total: money(total),
      prices_include_tax: false,
    },
    terms_url: null,
    payment: { provider: 'test', publishable_key: 'pk_test_1', api_base: '/_test_provider/v1', livemode: false },
    customer: null,
    ...extra,
  };
}

export const PAID: PlaceOrderResponse = { result: 'success', order_id: 123, order_key: 'k123', redirect: '/checkout/order-received/123/?key=k123', next_action: null };

export class FakeCheckoutServer {
  readonly requests: Recorded[] = [];
  countries: CountryRules[] = COUNTRIES;
  /** Answers for POST /checkout, in order; the last one repeats. */
  placeReplies: Reply[] = [{ status: 200, body: PAID }];
  paymentReplies: Reply[] = [{ status: 200, body: { result: 'success', redirect: '/checkout/order-received/123/?key=k123' } }];
  /** Answers for POST /orders/{id}/pay, in order; the last one repeats. */
  payReplies: Reply[] = [{ status: 200, body: { success: true, needs_confirmation: false, next_action: null, redirect: '/checkout/order-received/123/?key=k123' } }];
  /** The signed-in account's saved cards (GET /account/payment-methods). */
  savedMethods: SavedMethodView[] = [];
  private held: Array<() => void> = [];
  holding = false;

  constructor(
    public cart: CartView = cartWith([line('Hoodie', 4500)]),
    public extra: Partial<CheckoutView> = {},
  ) {}

  of(method: string, path: string): Recorded[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  releaseAll(): void {
    const held = this.held;
    this.held = [];
    held.forEach((release) => release());
  }

  private answer(method: string, path: string, body: Record<string, unknown> | undefined): Reply {
    if (method === 'GET' && path === '/api/v1/checkout') return { status: 200, body: checkoutView(this.cart, {}, this.extra) };
    if (method === 'GET' && path === '/api/v1/checkout/countries') return { status: 200, body: this.countries };
    if (method === 'GET' && path === '/api/v1/account/payment-methods') return { status: 200, body: { methods: this.savedMethods } };
    if (method === 'POST' && path === '/api/v1/checkout/review') {
      const shipTo = body?.ship_to_different_address ? body.shipping : body?.billing;
      const view = checkoutView(this.cart, shipTo as { country?: string; state?: string }, this.extra);
      const wanted = body?.shipping_method;
      if (typeof wanted === 'string' && view.shipping_rates.some((rate) => rate.id === wanted)) view.selected_rate = wanted;
      return { status: 200, body: view };
    }
    if (method === 'POST' && path === '/api/v1/checkout') return this.placeReplies.length > 1 ? this.placeReplies.shift()! : this.placeReplies[0]!;
    if (method === 'POST' && path === '/api/v1/checkout/payment') return this.paymentReplies.length > 1 ? this.paymentReplies.shift()! : this.paymentReplies[0]!;
    if (method === 'POST' && /^\/api\/v1\/orders\/\d+\/pay$/.test(path)) return this.payReplies.length > 1 ? this.payReplies.shift()! : this.payReplies[0]!;
    return { status: 404, body: { code: 'not_found', message: `no ${method} ${path}` } };
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://shop.test');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const headers = new Headers(init?.headers);
    this.requests.push({ method, path: url.pathname, body, idempotencyKey: headers.get('Idempotency-Key') });
    const reply = this.answer(method, url.pathname, body);
    if (this.holding && method === 'POST' && url.pathname === '/api/v1/checkout') await new Promise<void>((resolve) => this.held.push(resolve));
    const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status, statusText: reply.statusText ?? '', headers: { 'Content-Type': 'application/json' } });
  };
}
