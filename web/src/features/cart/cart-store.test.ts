import { createApiClient } from '@/lib/api/client';
import { ADDED_TO_CART_EVENT, type AddedToCartDetail } from './added-event';
import { writeCartCache } from './cart-cache';
import { createCartStore, type CartStoreDeps } from './cart-store';
import type { CartSync, CartSyncHandlers } from './cart-sync';
import { CART_HASH_COOKIE } from './constants';

/** Spec §9: cart fragment lifetime 24 h (86400000 ms), pinned by its literal value. */
const DAY_MS = 86_400_000;
import { BEANIE, cartItem, cartOf, HOODIE } from './test/fixtures';
import { FakeCartServer, settle } from './test/fake-server';
import { MemoryStorage, NOW } from './test/render';

function setup(options: { cached?: ReturnType<typeof cartOf>; cachedAt?: number; cookie?: string } = {}) {
  const server = new FakeCartServer([HOODIE, BEANIE], [[HOODIE, 1]]);
  const storage = new MemoryStorage();
  let now = NOW;
  const timers: Array<{ callback: () => void; at: number }> = [];
  let handlers: CartSyncHandlers | null = null;
  const published: string[] = [];
  const deps: CartStoreDeps = {
    client: createApiClient({ fetch: server.fetch }).cart,
    storage,
    readCookie: (name) => (name === CART_HASH_COOKIE ? server.cookie : undefined),
    now: () => now,
    createSync: (h) => {
      handlers = h;
      return { publish: (cart) => published.push(cart.cart_hash), close: () => undefined } satisfies CartSync;
    },
    setTimeout: (callback, ms) => timers.push({ callback, at: now + ms }),
    clearTimeout: () => undefined,
  };
  if (options.cached) writeCartCache(deps, options.cached, options.cachedAt ?? NOW - 60_000);
  server.cookie = options.cookie ?? options.cached?.cart_hash;
  const store = createCartStore(deps);
  return {
    server,
    store,
    storage,
    published,
    timers,
    sync: () => handlers!,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('starting a page', () => {
  it('uses a valid cached cart with zero requests', () => {
    const cached = cartOf([cartItem(HOODIE, 3)]);
    const { server, store } = setup({ cached });
    store.start();
    expect(store.getState()).toMatchObject({ cart: cached, status: 'ready', source: 'cache' });
    expect(server.requests).toEqual([]);
  });

  it('makes exactly one GET /session when the hash cookie differs', async () => {
    const cached = cartOf([cartItem(HOODIE, 3)]);
    const { server, store, published } = setup({ cached, cookie: 'another-tab-changed-it' });
    store.start();
    expect(store.getState().status).toBe('loading');
    await settle();
    expect(server.requests).toEqual([{ method: 'GET', path: '/api/v1/session', body: undefined }]);
    expect(store.getState()).toMatchObject({ status: 'ready', source: 'server', cart: { item_count: 1 } });
    expect(published).toEqual([server.cart().cart_hash]);
  });

  it('makes exactly one GET /session when the copy is 24 hours old', async () => {
    const cached = cartOf([cartItem(HOODIE, 1)]);
    const { server, store } = setup({ cached, cachedAt: NOW - DAY_MS });
    store.start();
    await settle();
    expect(server.requests.map((r) => r.path)).toEqual(['/api/v1/session']);
  });

  it('asks once even when started, stopped and started again (React strict mode)', async () => {
    const { server, store } = setup();
    store.start();
    store.stop();
    store.start();
    await settle();
    expect(server.requests).toHaveLength(1);
  });

  it('refreshes with GET /cart when the cached copy reaches 24 hours', async () => {
    const cached = cartOf([cartItem(HOODIE, 1)]);
    const { server, store, timers, advance } = setup({ cached, cachedAt: NOW - 1000 });
    store.start();
    expect(timers.at(-1)!.at).toBe(NOW - 1000 + DAY_MS);
    advance(DAY_MS);
    timers.at(-1)!.callback();
    await settle();
    expect(server.requests.map((r) => r.path)).toEqual(['/api/v1/cart']);
  });

  it('reports a failed load', async () => {
    const { server, store } = setup();
    server.failNext('GET', 'network');
    store.start();
    await settle();
    expect(store.getState()).toMatchObject({ status: 'error', cart: null, error: { message: 'You are probably offline.' } });
  });
});

describe('changes', () => {
  it('sends adds one at a time, in order, and caches each answer', async () => {
    const { server, store, storage } = setup({ cached: cartOf([cartItem(HOODIE, 1)]) });
    store.start();
    server.hold();
    const adds = [1, 2, 3].map((quantity) => store.add({ product_id: BEANIE.id, quantity }));
    await settle();
    expect(server.heldCount).toBe(1);
    await server.releaseNext();
    await server.releaseNext();
    await server.releaseNext();
    await Promise.all(adds);
    expect(server.requests.map((r) => (r.body as { quantity: number }).quantity)).toEqual([1, 2, 3]);
    expect(server.maxInFlight).toBe(1);
    expect(store.getState().cart?.item_count).toBe(7);
    expect(JSON.parse(storage.getItem('vitrine_cart')!).hash).toBe(server.cart().cart_hash);
  });

  it('announces each successful add as a window event, and no failed one', async () => {
    const { store } = setup();
    store.start();
    const seen: AddedToCartDetail[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent<AddedToCartDetail>).detail);
    window.addEventListener(ADDED_TO_CART_EVENT, listener);
    try {
      await store.add({ product_id: BEANIE.id, quantity: 2 });
      await expect(store.add({ product_id: 999_999, quantity: 1 })).rejects.toThrow();
    } finally {
      window.removeEventListener(ADDED_TO_CART_EVENT, listener);
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]?.request).toEqual({ product_id: BEANIE.id, quantity: 2 });
    expect(seen[0]?.response.added).toHaveLength(1);
  });

  it('ensureFresh refreshes a cached cart once, and never a cart the server just sent', async () => {
    const { server, store } = setup({ cached: cartOf([cartItem(HOODIE, 1)]) });
    store.start();
    store.ensureFresh();
    store.ensureFresh();
    await settle();
    expect(server.requests.map((r) => r.path)).toEqual(['/api/v1/cart']);
    store.ensureFresh();
    expect(server.requests).toHaveLength(1);
  });
});

describe('other tabs', () => {
  it('adopts a cart another tab broadcast when it matches the hash cookie, without a request', () => {
    const { server, store, storage, sync } = setup({ cached: cartOf([cartItem(HOODIE, 1)]) });
    store.start();
    const theirs = cartOf([cartItem(HOODIE, 1), cartItem(BEANIE, 2)]);
    server.cookie = theirs.cart_hash;
    sync().onCart(theirs, NOW + 5);
    expect(store.getState()).toMatchObject({ cart: theirs, source: 'tab' });
    expect(JSON.parse(storage.getItem('vitrine_cart')!)).toMatchObject({ hash: theirs.cart_hash, storedAt: NOW + 5 });
    expect(server.requests).toEqual([]);
  });

  it('ignores a broadcast older than the cookie (the browser has heard newer since)', () => {
    const mine = cartOf([cartItem(HOODIE, 1)]);
    const { store, sync } = setup({ cached: mine });
    store.start();
    sync().onCart(cartOf([cartItem(BEANIE, 9)]), NOW);
    expect(store.getState().cart).toEqual(mine);
  });

  it('refreshes once on a storage-event hash that differs, and not on its own hash', async () => {
    const mine = cartOf([cartItem(HOODIE, 1)]);
    const { server, store, sync } = setup({ cached: mine });
    store.start();
    sync().onHash(mine.cart_hash);
    expect(server.requests).toEqual([]);
    sync().onHash('a-new-hash');
    await settle();
    expect(server.requests.map((r) => r.path)).toEqual(['/api/v1/cart']);
  });
});
