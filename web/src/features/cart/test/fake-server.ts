//! A small typed fake of the cart endpoints behind `fetch`: an in-memory cart, every request
//! recorded, the hash cookie it would set, and the option to hold answers until released.

import type { AddToCartBody, CartView, ErrorBody } from '@/lib/api/types';
import { cartItem, cartOf, type ProductStub } from './fixtures';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeReply {
  status: number;
  body: unknown;
}

type Override = (request: RecordedRequest) => FakeReply | undefined;

interface Held {
  request: RecordedRequest;
  release: (reply?: FakeReply) => void;
}

export class FakeCartServer {
  readonly requests: RecordedRequest[] = [];
  /** The `vitrine_cart_hash` cookie as the browser would hold it after the last answer. */
  cookie: string | undefined;
  /** Most requests ever in flight at once. */
  maxInFlight = 0;
  private inFlight = 0;
  private holding = false;
  private held: Held[] = [];
  private overrides: Override[] = [];
  private lines = new Map<number, number>();

  constructor(
    private readonly catalogue: ProductStub[],
    initial: Array<[ProductStub, number]> = [],
  ) {
    for (const [product, quantity] of initial) this.lines.set(product.id, quantity);
  }

  cart(): CartView {
    const items = [...this.lines].map(([id, quantity]) => cartItem(this.product(id)!, quantity));
    return cartOf(items);
  }

  /** Answers wait in order until `releaseNext` (or `releaseAll`). */
  hold(): void {
    this.holding = true;
  }

  get heldCount(): number {
    return this.held.length;
  }

  /** Answers the oldest held request, with the fake's own answer unless `reply` is given. */
  async releaseNext(reply?: FakeReply): Promise<void> {
    const next = this.held.shift();
    if (!next) throw new Error('no request is being held');
    next.release(reply);
    await settle();
  }

  /** Makes the next matching request answer `reply` instead (once). */
  failNext(method: string, reply: FakeReply | 'network'): void {
    let used = false;
    this.overrides.push((request) => {
      if (used || request.method !== method) return undefined;
      used = true;
      if (reply === 'network') throw new TypeError('Failed to fetch');
      return reply;
    });
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://shop.test');
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    this.requests.push(request);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      let forced: FakeReply | undefined;
      if (this.holding) {
        forced = await new Promise<FakeReply | undefined>((resolve) => this.held.push({ request, release: resolve }));
      }
      for (const override of this.overrides) forced = forced ?? override(request);
      const reply = forced ?? this.answer(request);
      if (reply.status < 300 && typeof reply.body === 'object' && reply.body !== null && 'cart' in reply.body) {
        this.cookie = (reply.body as { cart: CartView }).cart.cart_hash;
      }
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
    } finally {
      this.inFlight -= 1;
    }
  };

  private product(id: number): ProductStub | undefined {
    return this.catalogue.find((product) => product.id === id);
  }

  private error(status: number, body: ErrorBody): FakeReply {
    return { status, body };
  }

  private answer(request: RecordedRequest): FakeReply {
    const { method, path } = request;
    if (method === 'GET' && (path === '/api/v1/session' || path === '/api/v1/cart')) return { status: 200, body: { cart: this.cart() } };
    if (method === 'POST' && path === '/api/v1/cart/items') {
      const body = request.body as AddToCartBody;
      const product = this.product(body.product_id);
      if (!product) return this.error(404, { code: 'product_not_found', message: 'No such product.', product_url: '/shop/' });
      const quantity = body.quantity ?? 1;
      this.lines.set(product.id, (this.lines.get(product.id) ?? 0) + quantity);
      const cart = this.cart();
      return { status: 200, body: { cart, added: [cart.items.find((item) => item.product_id === product.id)!.key] } };
    }
    const match = /^\/api\/v1\/cart\/items\/(.+)$/.exec(path);
    const id = match ? [...this.lines.keys()].find((pid) => cartItem(this.product(pid)!, 1).key === match[1]) : undefined;
    if (match && id === undefined) return this.error(404, { code: 'cart_item_not_found', message: 'That item is no longer in your cart.' });
    if (method === 'PATCH' && id !== undefined) {
      const quantity = (request.body as { quantity: number }).quantity;
      const stock = this.product(id)!.stock;
      if (stock !== undefined && quantity > stock) {
        return this.error(409, { code: 'insufficient_stock', message: `You cannot add that amount — we have ${stock} in stock.`, available: stock });
      }
      if (quantity === 0) this.lines.delete(id);
      else this.lines.set(id, quantity);
      return { status: 200, body: { cart: this.cart() } };
    }
    if (method === 'DELETE' && id !== undefined) {
      this.lines.delete(id);
      return { status: 200, body: { cart: this.cart() } };
    }
    return this.error(404, { code: 'not_found', message: 'Not found.' });
  }
}

/** Lets pending promise callbacks (fetch → json → store → React) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}
