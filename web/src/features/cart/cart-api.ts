//! Browser client for the cart endpoints (docs/api.md "Cart"): one error type carrying the
//! envelope, and an answer without a cart counts as a failure (spec §8).

import type { AddToCartBody, AddToCartResponse, CartErrorBody, CartView } from './types';

const API = '/api/v1';

/** Spec §8 REST messages for failures that have no server envelope. */
export const TRANSPORT_MESSAGES = {
  fetch_error: 'You are probably offline.',
  invalid_json: 'The response is not a valid JSON response.',
  unknown_error: 'An unknown error occurred.',
} as const;

export class CartApiError extends Error {
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  /** Add errors: where the shopper can sort it out (spec §8). */
  readonly productUrl: string | undefined;
  /** insufficient_stock: how many can still be had. */
  readonly available: number | undefined;
  /** No usable answer (offline, not JSON, no cart): nothing is known about the cart. */
  readonly transport: boolean;

  constructor(status: number, body: CartErrorBody, transport = false) {
    super(body.message);
    this.name = 'CartApiError';
    this.status = status;
    this.code = body.code;
    this.field = body.field;
    this.productUrl = body.product_url;
    this.available = body.available;
    this.transport = transport;
  }
}

/** The server refused with its envelope (4xx): the cart is unchanged and the message is for people. */
export function isRefusal(error: unknown): error is CartApiError {
  return error instanceof CartApiError && !error.transport && error.status >= 400 && error.status < 500;
}

export interface CartClient {
  /** GET /session: everything personal for a cacheable page, in one request. */
  session(): Promise<CartView>;
  /** GET /cart (get_refreshed_fragments). */
  get(): Promise<CartView>;
  /** POST /cart/items (add_to_cart). */
  add(body: AddToCartBody): Promise<AddToCartResponse>;
  /** PATCH /cart/items/{key}; 0 removes (ajax_cart_item_alter_quantity). */
  update(key: string, quantity: number): Promise<CartView>;
  /** DELETE /cart/items/{key} (remove_from_cart). */
  remove(key: string): Promise<CartView>;
}

function isErrorBody(value: unknown): value is CartErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as CartErrorBody).code === 'string' &&
    typeof (value as CartErrorBody).message === 'string'
  );
}

function transportError(status: number, code: keyof typeof TRANSPORT_MESSAGES): CartApiError {
  return new CartApiError(status, { code, message: TRANSPORT_MESSAGES[code] }, true);
}

function hasCart(value: unknown): value is { cart: CartView } {
  if (typeof value !== 'object' || value === null) return false;
  const cart = (value as { cart?: unknown }).cart;
  return typeof cart === 'object' && cart !== null && Array.isArray((cart as CartView).items);
}

/** A client for `base` (default: same origin) using `fetchImpl` (default: the global fetch). */
export function createCartClient(fetchImpl: typeof fetch = (...args) => fetch(...args), base = ''): CartClient {
  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${API}${path}`, {
        method,
        credentials: 'same-origin',
        headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw transportError(0, 'fetch_error');
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw response.ok ? transportError(response.status, 'invalid_json') : transportError(response.status, 'unknown_error');
    }
    if (!response.ok) throw isErrorBody(json) ? new CartApiError(response.status, json) : transportError(response.status, 'unknown_error');
    // "Response without fragments" (spec §8): a success that carries no cart is a failure.
    if (!hasCart(json)) throw transportError(response.status, 'invalid_json');
    return json;
  }

  const item = (key: string) => `/cart/items/${encodeURIComponent(key)}`;
  return {
    session: async () => ((await call('GET', '/session')) as { cart: CartView }).cart,
    get: async () => ((await call('GET', '/cart')) as { cart: CartView }).cart,
    add: async (body) => {
      const json = (await call('POST', '/cart/items', body)) as Partial<AddToCartResponse> & { cart: CartView };
      return { cart: json.cart, added: Array.isArray(json.added) ? json.added : [] };
    },
    update: async (key, quantity) => ((await call('PATCH', item(key), { quantity })) as { cart: CartView }).cart,
    remove: async (key) => ((await call('DELETE', item(key))) as { cart: CartView }).cart,
  };
}
