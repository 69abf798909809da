//! Test-only orders as `GET /api/v1/orders/{id}` answers them, and a fetch that serves one.

import { money } from '@/lib/api/fixtures/money';
import type { OrderView } from '@/lib/api/types';
import { withoutLocale } from '@/lib/testing/locale';

export function paidOrder(overrides: Partial<OrderView> = {}): OrderView {
  return {
    id: 123,
    status: 'processing',
    currency: 'USD',
    created_at: '2026-11-25T21:00:00Z',
    paid_at: '2026-11-25T21:00:05Z',
    lines: [
      { product_id: 46, variation_id: null, name: 'Hoodie', quantity: 2, unit_price: money(4500), subtotal: money(9000), total: money(9000), tax: money(0) },
      { product_id: 70, variation_id: null, name: 'Album', quantity: 1, unit_price: money(1500), subtotal: money(1500), total: money(1500), tax: money(0) },
    ],
    discounts: [{ label: 'Autumn sale', amount: money(1000) }],
    shipping_line: { method_id: 'flat_rate:1', label: 'Flat rate', total: money(500), tax: money(0) },
    totals: {
      subtotal: money(10500),
      discount_total: money(1000),
      shipping_total: money(500),
      tax_total: money(950),
      taxes: [{ label: 'CA State Tax', amount: money(950) }],
      total: money(10950),
      prices_include_tax: false,
    },
    billing: { first_name: 'Ada', last_name: 'Lovelace', company: '', country: 'US', address_1: '1 Market Street', address_2: '', city: 'San Francisco', state: 'CA', postcode: '94105', phone: '4155550100', email: 'ada@example.com' },
    shipping: { first_name: 'Ada', last_name: 'Lovelace', company: '', country: 'US', address_1: '1 Market Street', address_2: '', city: 'San Francisco', state: 'CA', postcode: '94105', phone: '', email: '' },
    customer_note: 'Leave at the door',
    payment_method_title: 'Credit Card (Visa •••• 4242)',
    needs_payment: false,
    pay_url: null,
    downloads: [{ product_id: 70, product_name: 'Album', name: 'Album (ZIP)', url: '/api/v1/downloads/tok123', downloads_remaining: 5, expires_at: null }],
    purchase_event_id: 'purchase-123-abc',
    attribution: null,
    ...overrides,
  };
}

export function orderFetch(order: OrderView | null): { fetch: typeof fetch; requests: string[] } {
  const requests: string[] = [];
  const respond = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  return {
    requests,
    fetch: async (input) => {
      const url = new URL(withoutLocale(input), 'http://shop.test');
      requests.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/v1/checkout/countries') return respond(200, [{ code: 'US', name: 'United States (US)', states: [], state_required: true, postcode_required: true, state_label: 'State', postcode_label: 'ZIP Code' }]);
      if (order && url.pathname === `/api/v1/orders/${order.id}` && url.searchParams.get('key') === 'k123') return respond(200, order);
      return respond(404, { code: 'order_not_found', message: 'No such order.' });
    },
  };
}
