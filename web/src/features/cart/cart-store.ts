//! The cart state of one tab, outside React: where it comes from at start (the session cache
//! or one GET /session), the one-at-a-time queue every cart request goes through, and the
//! cache and cross-tab sync every server answer updates.

import type { AddToCartBody, AddToCartResponse, CartView, RewardPickRequest } from '@/lib/api/types';
import type { CartApi } from '@/lib/api/client';
import { createAddQueue } from './add-queue';
import { dispatchAddedToCart } from './added-event';
import { cookieHash, loadCartCache, writeCartCache, type CartCacheDeps } from './cart-cache';
import type { CartSync, CartSyncHandlers } from './cart-sync';
import { CART_CACHE_LIFETIME_MS, CART_HASH_COOKIE } from './constants';

export interface CartState {
  /** null until the cache or the server has answered. */
  cart: CartView | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Where the shown cart came from: this tab's cache, the server, or another tab. */
  source: 'cache' | 'server' | 'tab' | null;
  /** The last load failure, when status is "error". */
  error: Error | null;
}

export interface CartStoreDeps extends CartCacheDeps {
  client: CartApi;
  /** Cross-tab sync; null turns it off (tests, server rendering). */
  createSync: ((handlers: CartSyncHandlers) => CartSync) | null;
  /** Timers for the 24 h refresh; injectable with the clock. */
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface CartStore {
  getState(): CartState;
  subscribe(listener: () => void): () => void;
  /**
   * Takes the cached cart if it is valid (no request, no listeners called). Safe during render,
   * so the first paint already shows the right count. Idempotent.
   */
  hydrate(): void;
  /** Uses the cached cart (zero requests) or asks GET /session once; starts sync. Idempotent. */
  start(): void;
  /** Stops sync and timers (unmount); `start` may be called again. */
  stop(): void;
  /** GET /cart, queued behind any pending change. */
  refresh(): Promise<CartView>;
  /** Refreshes once if the shown cart is only the cached copy (pages that must be exact). */
  ensureFresh(): void;
  /** `trigger`: the button used, as it was then (goes along with the added-to-cart event). */
  add(body: AddToCartBody, trigger?: Element): Promise<AddToCartResponse>;
  update(key: string, quantity: number): Promise<CartView>;
  remove(key: string): Promise<CartView>;
  /** Picks a buy-X-get-Y offer's free item, queued like any change. */
  chooseReward(pick: RewardPickRequest): Promise<CartView>;
}

const INITIAL: CartState = { cart: null, status: 'idle', source: null, error: null };

export function createCartStore(deps: CartStoreDeps): CartStore {
  const queue = createAddQueue();
  const listeners = new Set<() => void>();
  let state: CartState = INITIAL;
  let storedAt = 0;
  let loaded = false;
  let freshRequested = false;
  let sync: CartSync | null = null;
  let expiryTimer: unknown = null;
  let running = false;

  const set = (next: Partial<CartState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  /** The copy goes stale after 24 h even if nothing changes it: refresh then (spec §4). */
  const scheduleExpiry = () => {
    if (expiryTimer !== null) deps.clearTimeout(expiryTimer);
    expiryTimer = null;
    if (!running || !loaded) return;
    const expiresAt = storedAt + CART_CACHE_LIFETIME_MS;
    const delay = Math.max(0, expiresAt - deps.now());
    expiryTimer = deps.setTimeout(() => {
      expiryTimer = null;
      void refresh().catch(() => undefined);
    }, delay);
  };

  /** Every cart the server answers with: shown, cached with its hash, told to the other tabs. */
  const accept = (cart: CartView) => {
    const entry = writeCartCache(deps, cart);
    storedAt = entry.storedAt;
    loaded = true;
    set({ cart, status: 'ready', source: 'server', error: null });
    sync?.publish(cart, entry.storedAt);
    scheduleExpiry();
    return cart;
  };

  const load = (request: () => Promise<CartView>): Promise<CartView> => {
    if (state.cart === null) set({ status: 'loading' });
    return queue.enqueue(request).then(accept, (error: unknown) => {
      if (state.cart === null) set({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
      throw error;
    });
  };

  const refresh = () => load(() => deps.client.get());

  let hydrated = false;
  function hydrate() {
    if (hydrated || loaded) return;
    hydrated = true;
    const verdict = loadCartCache(deps);
    if (!verdict.valid) return;
    storedAt = verdict.entry.storedAt;
    loaded = true;
    state = { cart: verdict.entry.cart, status: 'ready', source: 'cache', error: null };
  }

  const handlers: CartSyncHandlers = {
    onCart(cart, at) {
      if (state.cart && cart.cart_hash === state.cart.cart_hash) return;
      // A message older than what the browser last heard from the server is stale.
      const cookie = deps.readCookie(CART_HASH_COOKIE);
      if (cookie !== undefined && cookieHash(cookie) !== cart.cart_hash) return;
      writeCartCache(deps, cart, at);
      storedAt = at;
      loaded = true;
      set({ cart, status: 'ready', source: 'tab', error: null });
      scheduleExpiry();
    },
    onHash(hash) {
      if (state.cart && hash === state.cart.cart_hash) return;
      void refresh().catch(() => undefined);
    },
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    hydrate,
    start() {
      running = true;
      if (deps.createSync && sync === null) sync = deps.createSync(handlers);
      hydrate();
      if (loaded) {
        scheduleExpiry();
        return;
      }
      if (state.status === 'loading') return;
      void load(() => deps.client.session()).catch(() => undefined);
    },
    stop() {
      running = false;
      sync?.close();
      sync = null;
      if (expiryTimer !== null) deps.clearTimeout(expiryTimer);
      expiryTimer = null;
    },
    refresh,
    ensureFresh() {
      if (freshRequested || state.source !== 'cache') return;
      freshRequested = true;
      void refresh().catch(() => undefined);
    },
    add: (body, trigger) =>
      queue.enqueue(() => deps.client.add(body)).then((response) => {
        accept(response.cart);
        dispatchAddedToCart(trigger ? { request: body, response, trigger } : { request: body, response });
        return response;
      }),
    update: (key, quantity) => queue.enqueue(() => deps.client.update(key, quantity)).then(accept),
    remove: (key) => queue.enqueue(() => deps.client.remove(key)).then(accept),
    chooseReward: (pick) => queue.enqueue(() => deps.client.chooseReward(pick)).then(accept),
  };
}
