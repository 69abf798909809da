//! An in-memory stand-in for My account's endpoints (issue 15) in front of the account fake:
//! it checks the nonce like the server, serves one account's orders ten a page, cancels,
//! lists downloads and keeps addresses; any other order id is 404 (test-only).

import { withoutLocale } from '@/lib/testing/locale';
import { money } from '@/lib/api/fixtures/money';
import type { AccountAddressesResponse, AccountDownloadView, AccountOrderSummaryView, AddressView, OrderView } from '@/lib/api/types';
import { FakeAccountServer } from '@/lib/api/test/fake-account-server';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function orderRow(id: number, overrides: Partial<AccountOrderSummaryView> = {}): AccountOrderSummaryView {
  return {
    id,
    number: `#${id}`,
    created_at: '2026-11-25T21:00:00Z',
    status: 'processing',
    total: money(4510),
    item_count: 2,
    view_url: `/my-account/view-order/${id}/`,
    pay_url: null,
    can_cancel: false,
    ...overrides,
  };
}

export const adaAddress: AddressView = { first_name: 'Ada', last_name: 'Lovelace', company: '', country: 'US', address_1: '1 Market Street', address_2: '', city: 'San Francisco', state: 'CA', postcode: '94105', phone: '4155550100', email: 'ada@example.com' };

export function orderView(row: AccountOrderSummaryView): OrderView {
  return {
    id: row.id,
    status: row.status,
    currency: 'USD',
    created_at: row.created_at,
    paid_at: row.pay_url ? null : row.created_at,
    lines: [{ product_id: 48, variation_id: null, name: 'Beanie', quantity: 2, unit_price: money(1800), subtotal: money(3600), total: money(3600), tax: money(360) }],
    discounts: [],
    shipping_line: null,
    totals: { subtotal: money(3600), discount_total: money(0), shipping_total: money(500), tax_total: money(410), taxes: [], total: row.total, prices_include_tax: false },
    billing: adaAddress,
    shipping: null,
    customer_note: '',
    payment_method_title: 'Credit Card (Visa •••• 4242)',
    needs_payment: row.pay_url !== null,
    pay_url: row.pay_url,
    downloads: [],
    purchase_event_id: null,
    attribution: null,
  };
}

export class FakeAreaServer {
  readonly account: FakeAccountServer;
  orders: AccountOrderSummaryView[] = [];
  downloads: AccountDownloadView[] = [];
  addresses: AccountAddressesResponse = { billing: null, shipping: null };
  /** Answered once to the next address save. */
  refuseSave: { code: string; message: string; field?: string } | null = null;
  readonly calls: string[] = [];

  constructor(account: FakeAccountServer) {
    this.account = account;
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(withoutLocale(input), 'http://shop.test');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    // PUT travels as POST with the method override (spec §7), as the account client sends it.
    const method = (init?.method === 'POST' && new Headers(init?.headers).get('X-HTTP-Method-Override')) || init?.method || 'GET';
    if (!path.startsWith('/account/orders') && !path.startsWith('/account/downloads') && !path.startsWith('/account/addresses') && path !== '/checkout/countries') {
      return this.account.fetch(input, init);
    }
    this.calls.push(`${method} ${path}${url.search}`);
    if (path === '/checkout/countries') {
      return json(200, [{ code: 'US', name: 'United States (US)', states: [{ code: 'CA', name: 'California' }], state_required: true, postcode_required: true, state_label: 'State', postcode_label: 'ZIP Code' }]);
    }
    const signedIn = this.account.account;
    if (!signedIn) return json(401, { code: 'not_logged_in', message: 'You are not currently logged in.' });
    if (new Headers(init?.headers).get('X-WP-Nonce') !== signedIn.nonce) return json(403, { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed' });

    if (path === '/account/orders') {
      const page = Number(url.searchParams.get('page') ?? '1');
      const pages = Math.max(1, Math.ceil(this.orders.length / 10));
      return json(200, { orders: this.orders.slice((page - 1) * 10, page * 10), page, pages, total: this.orders.length });
    }
    const one = /^\/account\/orders\/(\d+)(\/cancel)?$/.exec(path);
    if (one) {
      const row = this.orders.find((o) => o.id === Number(one[1]));
      if (!row) return json(404, { code: 'order_not_found', message: 'No order was found with that number and key.' });
      if (one[2]) {
        if (!row.can_cancel) return json(409, { code: 'order_not_cancellable', message: 'Your order can no longer be cancelled. Please contact us if you need assistance.' });
        Object.assign(row, { status: 'cancelled', pay_url: null, can_cancel: false });
      }
      return json(200, { order: orderView(row), can_cancel: row.can_cancel });
    }
    if (path === '/account/downloads') return json(200, { downloads: this.downloads });
    if (path === '/account/addresses') return json(200, this.addresses);
    const save = /^\/account\/addresses\/(billing|shipping)$/.exec(path);
    if (save && method === 'PUT') {
      const refusal = this.refuseSave;
      this.refuseSave = null;
      if (refusal) return json(400, refusal);
      const body = JSON.parse(String(init?.body)) as AddressView;
      const kind = save[1] as 'billing' | 'shipping';
      this.addresses = { ...this.addresses, [kind]: { ...body, company: body.company ?? '', ...(kind === 'shipping' ? { phone: '', email: '' } : {}) } };
      return json(200, this.addresses);
    }
    return json(404, { code: 'not_found', message: `No route ${method} ${path}` });
  };
}
