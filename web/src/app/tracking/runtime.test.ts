import { ADDED_TO_CART_EVENT, dispatchAddedToCart } from '@/features/cart/added-event';
import { dispatchCheckoutStep, type CheckoutStepDetail } from '@/features/checkout/checkout-events';
import { createDecision, acceptAllChoices, rejectAllChoices } from '@/features/consent';
import { BEANIE, cartItem, cartOf, HOODIE } from '@/features/cart/test/fixtures';
import { PURCHASE_EVENT } from '@/features/orders/purchase-event';
import type { TrackingConfig } from '@/features/tracking';
import { MemoryCookieJar } from '@/lib/cookies';
import { samplePage } from '@/lib/api/fixtures/pages';
import type { PageData } from '@/lib/api/types';
import { followRouter, type RouterStateLike } from './follow-router';
import { CART_WAIT_MS } from './engine';
import { startTracking, type TrackingRuntime } from './runtime';
import { withoutLocale } from '@/lib/testing/locale';

const ORIGIN = 'http://localhost:3000';

const CONFIG: TrackingConfig = {
  providers: {
    meta: { pixelIds: ['111'], scriptUrl: 'https://connect.facebook.net/en_US/fbevents.js' },
    ga4: { trackingIds: ['G-TEST'], scriptUrl: 'https://www.googletagmanager.com/gtag/js?id=G-TEST' },
    tiktok: { pixelIds: ['CTT'] },
    bing: { tagIds: ['5000'] },
  },
  consent: { banner: true, bannerVersion: '2026-11', defaultDenied: true, respectGpc: true },
  serverEvents: { enabled: true, endpoint: '/api/v1/tracking/events', pbidEndpoint: '/api/v1/tracking/pbid' },
  attribution: { enabled: true, sessionLength: 30, lifetime: 6 },
  automatic: { scrollPercent: 50, timeOnPageSeconds: 15 },
};

type Call = { url: string; body: unknown };

type AccountListener = (session: { account: { id: number } | null }) => void;

function setup(options: { config?: TrackingConfig | null; gpc?: boolean; accounts?: Set<AccountListener> } = {}) {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  delete (window as unknown as Record<string, unknown>).__VITRINE_TRACKING__;
  for (const key of ['fbq', '_fbq', 'gtag', 'dataLayer', 'ttq', 'uetq', 'TiktokAnalyticsObject']) {
    delete (window as unknown as Record<string, unknown>)[key];
  }
  const config = options.config === undefined ? CONFIG : options.config;
  if (config) {
    const script = document.createElement('script');
    script.id = 'vitrine-tracking';
    script.type = 'application/json';
    script.textContent = JSON.stringify(config);
    document.body.append(script);
  }
  const jar = new MemoryCookieJar(() => Date.now());
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = withoutLocale(input);
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (url.endsWith('/pbid')) return Response.json({ success: true, data: { pbid: 'p'.repeat(64) } });
    if (url.endsWith('/tracking/token')) return Response.json({ page_token: 'signed-token', max_age_secs: 86_400 });
    return new Response('{}', { status: url.endsWith('/consent') ? 201 : 202 });
  });
  const accounts = options.accounts ?? new Set<AccountListener>();
  const account = {
    subscribe: (listener: AccountListener) => {
      accounts.add(listener);
      return () => accounts.delete(listener);
    },
  } as unknown as NonNullable<Parameters<typeof startTracking>[0]['account']>;
  const runtime = startTracking({ win: window, doc: document, jar, fetch: fetchImpl, gpc: options.gpc ?? false, account });
  const providerScripts = () => Array.from(document.scripts).map((s) => s.src).filter((src) => src.startsWith('http'));
  const fbqCalls = () => ((window as unknown as { fbq?: { queue?: unknown[][] } }).fbq?.queue ?? []).filter((c) => c[0] === 'track');
  const serverEvents = () => calls.filter((c) => c.url.endsWith('/tracking/events')).map((c) => c.body as { event_id: string; event_name: string; page_token: string });
  return { runtime, jar, calls, fetchImpl, providerScripts, fbqCalls, serverEvents };
}

function productPage(): PageData {
  return samplePage('/product/hoodie/');
}

let current: TrackingRuntime | null = null;
afterEach(() => {
  current?.stop();
  current = null;
  vi.useRealTimers();
});

async function settle() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

describe('startTracking', () => {
  it('is off without an embedded configuration', () => {
    expect(setup({ config: null }).runtime).toBeNull();
  });

  it('before a decision: Consent Mode default only, nothing loaded, sent or stored', () => {
    const { runtime, jar, fetchImpl, providerScripts } = setup();
    current = runtime;
    runtime!.page(productPage(), `${ORIGIN}/product/hoodie/?utm_source=newsletter`);
    expect(runtime!.needsBanner()).toBe(true);
    const layer = (window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer.map((e) => Array.from(e));
    expect(layer[0]).toEqual(['consent', 'default', expect.objectContaining({ ad_storage: 'denied', analytics_storage: 'denied' })]);
    expect(providerScripts()).toEqual([]);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(jar.names()).toEqual([]);
    expect((window as unknown as Record<string, unknown>).fbq).toBeUndefined();
  });

  it('loads the tracking code only once something may be tracked', async () => {
    const { runtime } = setup();
    current = runtime;
    runtime!.page(productPage(), `${ORIGIN}/product/hoodie/`);
    expect(await runtime!.loaded()).toBeNull();
    await runtime!.decide(createDecision({ choices: rejectAllChoices(), bannerVersion: '2026-11', gpc: false }));
    expect(await runtime!.loaded()).toBeNull();
    await runtime!.decide(createDecision({ choices: acceptAllChoices(false), bannerVersion: '2026-11', gpc: false }));
    expect(await runtime!.loaded()).not.toBeNull();
  });

  it('without consent, clears identifier cookies a wider consent left behind', () => {
    const jar = new MemoryCookieJar(() => Date.now());
    for (const name of ['pbid', '_fbp', '_fbc', 'pys_advanced_form_data', 'keep_me']) jar.set(name, 'x', { path: '/' });
    document.body.innerHTML = `<script id="vitrine-tracking" type="application/json">${JSON.stringify(CONFIG)}</script>`;
    current = startTracking({ win: window, doc: document, jar, gpc: false });
    expect(jar.names()).toEqual(['keep_me']);
  });

  it('accept all: proof first, then pixels, page view and ViewContent with the server copy under the same id', async () => {
    const { runtime, jar, calls, providerScripts, fbqCalls, serverEvents } = setup();
    current = runtime;
    runtime!.page(productPage(), `${ORIGIN}/product/hoodie/`);
    await runtime!.decide(createDecision({ choices: acceptAllChoices(false), bannerVersion: '2026-11', gpc: false }));
    await runtime!.loaded();
    await settle();
    expect(calls[0]?.url).toBe('/api/v1/consent');
    expect(jar.get('vitrine_consent')).toBeDefined();
    expect(runtime!.needsBanner()).toBe(false);
    expect(providerScripts()).toEqual(
      expect.arrayContaining(['https://connect.facebook.net/en_US/fbevents.js', 'https://www.googletagmanager.com/gtag/js?id=G-TEST']),
    );
    const view = fbqCalls().find((c) => c[1] === 'ViewContent');
    expect(view).toBeDefined();
    const eventId = (view?.[3] as { eventID: string }).eventID;
    expect(eventId).toHaveLength(36);
    await vi.waitFor(() => expect(serverEvents().map((e) => e.event_name)).toContain('ViewContent'));
    const server = serverEvents().find((e) => e.event_name === 'ViewContent');
    expect(server?.event_id).toBe(eventId);
    expect(server?.page_token).toBe('signed-token');
    expect(jar.get('sbjs_current')).toBeDefined();
  });

  it('reject all: nothing loads and no tracking cookie is written', async () => {
    const { runtime, jar, providerScripts, serverEvents } = setup();
    current = runtime;
    runtime!.page(productPage(), `${ORIGIN}/product/hoodie/`);
    await runtime!.decide(createDecision({ choices: rejectAllChoices(), bannerVersion: '2026-11', gpc: false }));
    await runtime!.loaded();
    runtime!.page(samplePage('/shop/'), `${ORIGIN}/shop/`);
    await settle();
    expect(providerScripts()).toEqual([]);
    expect(serverEvents()).toEqual([]);
    expect(jar.names()).toEqual(['vitrine_consent']);
  });

  it('under GPC, Accept all leaves every marketing provider unloaded', async () => {
    const { runtime, providerScripts, fbqCalls } = setup({ gpc: true });
    current = runtime;
    runtime!.page(productPage(), `${ORIGIN}/product/hoodie/`);
    await runtime!.decide(createDecision({ choices: acceptAllChoices(true), bannerVersion: '2026-11', gpc: true }));
    await runtime!.loaded();
    await settle();
    expect(providerScripts()).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST']);
    expect(fbqCalls()).toEqual([]);
    const tracking = await runtime!.loaded();
    expect(tracking?.isAllowed('meta')).toBe(false);
    expect(tracking?.isAllowed('ga4')).toBe(true);
  });

  it('tracks AddToCart from the cart add event, only with consent', async () => {
    const { runtime, fbqCalls } = setup();
    current = runtime;
    runtime!.page(productPage(), `${ORIGIN}/product/beanie/`);
    const line = {
      key: 'k1',
      product_id: 15,
      variation_id: null,
      name: 'Beanie',
      product_name: 'Beanie',
      unit_price: { amount_minor: 1800, currency: 'USD', text: '$18.00' },
    };
    const detail = {
      request: { product_id: 15, quantity: 2 },
      response: { added: ['k1'], cart: { items: [line] } },
    } as unknown as Parameters<typeof dispatchAddedToCart>[0];
    dispatchAddedToCart(detail);
    expect(fbqCalls().filter((c) => c[1] === 'AddToCart')).toEqual([]);
    // An add while the tracking's code is still on its way is handed over when it arrives.
    await runtime!.decide(createDecision({ choices: acceptAllChoices(false), bannerVersion: '2026-11', gpc: false }));
    window.dispatchEvent(new CustomEvent(ADDED_TO_CART_EVENT, { detail }));
    await runtime!.loaded();
    const add = fbqCalls().find((c) => c[1] === 'AddToCart');
    expect(add?.[2]).toMatchObject({ value: 36, currency: 'USD', content_ids: ['15'] });
  });

  it('tracks InitiateCheckout, AddPaymentInfo and Purchase (with the order\'s event id) from the checkout events', async () => {
    const { runtime, fbqCalls, serverEvents } = setup();
    current = runtime;
    await runtime!.decide(createDecision({ choices: acceptAllChoices(false), bannerVersion: '2026-11', gpc: false }));
    await runtime!.loaded();
    runtime!.page(samplePage('/'), `${ORIGIN}/checkout/`);
    const usd = (minor: number) => ({ amount_minor: minor, currency: 'USD', text: `$${minor / 100}` });
    const cart = { currency: 'USD', total: usd(3600), items: [{ product_id: 15, variation_id: null, product_name: 'Beanie', quantity: 2, unit_price: usd(1800) }] };
    dispatchCheckoutStep({ step: 'initiate_checkout', cart } as unknown as CheckoutStepDetail);
    dispatchCheckoutStep({ step: 'add_payment_info', cart, paymentType: 'card' } as unknown as CheckoutStepDetail);
    expect(fbqCalls().find((c) => c[1] === 'InitiateCheckout')?.[2]).toMatchObject({ value: 36, currency: 'USD', content_ids: ['15'] });
    expect(fbqCalls().find((c) => c[1] === 'AddPaymentInfo')?.[2]).toMatchObject({ value: 36, currency: 'USD' });
    // An empty cart starts no checkout.
    dispatchCheckoutStep({ step: 'initiate_checkout', cart: { ...cart, items: [] } } as unknown as CheckoutStepDetail);
    expect(fbqCalls().filter((c) => c[1] === 'InitiateCheckout')).toHaveLength(1);

    const order = { id: 123, currency: 'USD', totals: { total: usd(10950) }, lines: [{ product_id: 46, variation_id: null, name: 'Hoodie', quantity: 2, unit_price: usd(4500) }] };
    window.dispatchEvent(new CustomEvent(PURCHASE_EVENT, { detail: { order, eventId: 'purchase-123-abc' } }));
    const purchase = fbqCalls().find((c) => c[1] === 'Purchase');
    expect(purchase?.[2]).toMatchObject({ value: 109.5, currency: 'USD' });
    expect(purchase?.[3]).toMatchObject({ eventID: 'purchase-123-abc' });
    // The shop reports Purchase from the paid order itself: the browser sends no server copy.
    await settle();
    expect(serverEvents().map((e) => e.event_name)).not.toContain('Purchase');
  });

  it('fires time on page once per page after consent', async () => {
    vi.useFakeTimers();
    const { runtime, serverEvents } = setup();
    current = runtime;
    await runtime!.decide(createDecision({ choices: acceptAllChoices(false), bannerVersion: '2026-11', gpc: false }));
    await runtime!.loaded();
    runtime!.page(samplePage('/'), `${ORIGIN}/`);
    await vi.advanceTimersByTimeAsync(16_000);
    await vi.advanceTimersByTimeAsync(16_000);
    expect(serverEvents().filter((e) => e.event_name === 'TimeOnPage')).toHaveLength(1);
  });
});

describe('followRouter', () => {
  function fakeRouter(initial: RouterStateLike) {
    let listener: ((state: RouterStateLike) => void) | null = null;
    return {
      state: initial,
      subscribe: (l: (state: RouterStateLike) => void) => {
        listener = l;
        return () => undefined;
      },
      emit: (state: RouterStateLike) => listener?.(state),
    };
  }
  const at = (path: string, navigation = 'idle', hash = ''): RouterStateLike => ({
    location: { pathname: path, search: '', hash },
    navigation: { state: navigation },
    data: samplePage(path),
  });

  it('reports the first page and each new address once its data is there, not hash changes', () => {
    const router = fakeRouter(at('/'));
    const pages: string[] = [];
    followRouter(router, { page: (_page, href) => pages.push(href) }, ORIGIN);
    router.emit(at('/shop/', 'loading'));
    router.emit(at('/shop/'));
    router.emit(at('/shop/', 'idle', '#top'));
    router.emit(at('/product/hoodie/'));
    expect(pages).toEqual([`${ORIGIN}/`, `${ORIGIN}/shop/`, `${ORIGIN}/product/hoodie/`]);
  });

  it('sends a logged-in non-zero user id to GA4 as user_id (spec §6), before and after GA4 loads', async () => {
    const accounts = new Set<AccountListener>();
    const announce = (id: number | null) => accounts.forEach((l) => l({ account: id === null ? null : { id } }));
    const { runtime } = setup({ accounts });
    current = runtime;
    const layer = () => (window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer.map((e) => Array.from(e));
    announce(42);
    runtime!.page(productPage(), `${ORIGIN}/product/hoodie/`);
    await runtime!.decide(createDecision({ choices: acceptAllChoices(false), bannerVersion: '2026-11', gpc: false }));
    await runtime!.loaded();
    expect(layer()).toContainEqual(['config', 'G-TEST', expect.objectContaining({ user_id: '42' })]);
    announce(0);
    announce(7);
    expect(layer()).toContainEqual(['set', { user_id: '7' }]);
    expect(layer().filter((c) => c[0] === 'set' && JSON.stringify(c).includes('"0"'))).toEqual([]);
  });

  it('leaves user_id out for visitors who are not logged in', async () => {
    const { runtime } = setup();
    current = runtime;
    runtime!.page(productPage(), `${ORIGIN}/product/hoodie/`);
    await runtime!.decide(createDecision({ choices: acceptAllChoices(false), bannerVersion: '2026-11', gpc: false }));
    await runtime!.loaded();
    const configs = (window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer.map((e) => Array.from(e)).filter((c) => c[0] === 'config');
    expect(configs.length).toBeGreaterThan(0);
    configs.forEach((c) => expect(c[2]).not.toHaveProperty('user_id'));
  });

  it("puts the visit's attribution on every event, cleaned to slugs (spec §5)", async () => {
    const { runtime, fbqCalls } = setup();
    current = runtime;
    runtime!.page(productPage(), `${ORIGIN}/product/hoodie/?utm_source=Big%20Sale&utm_campaign=%C3%89t%C3%A9.2026`);
    await runtime!.decide(createDecision({ choices: acceptAllChoices(false), bannerVersion: '2026-11', gpc: false }));
    await runtime!.loaded();
    await settle();
    const view = fbqCalls().find((c) => c[1] === 'ViewContent');
    expect(view?.[2]).toMatchObject({ utm_source: 'big-sale', utm_campaign: 'ete-2026', traffic_source: 'direct' });
  });
});

describe('list cookies: select on a listing → the product page events carry the list (spec §3)', () => {
  it('productlist on the listing, select_prod_list on the click, item_list_id/name on view_item and add_to_cart', async () => {
    const { runtime, jar } = setup();
    current = runtime;
    const listing = samplePage('/product-category/accessories/');
    runtime!.page(listing, `${ORIGIN}/product-category/accessories/`);
    await runtime!.decide(createDecision({ choices: acceptAllChoices(false), bannerVersion: '2026-11', gpc: false }));
    await runtime!.loaded();
    expect(JSON.parse(decodeURIComponent(jar.get('productlist') ?? ''))).toEqual({ item_list_id: 'category_accessories', item_list_name: 'Accessories' });

    const product = samplePage('/product/beanie/');
    if (product.route !== 'product') throw new Error('no beanie');
    document.body.insertAdjacentHTML('beforeend', `<ul><li class="product-card" data-product-id="${product.product.id}"><a id="card" href="/product/beanie/">Beanie</a></li></ul>`);
    const link = document.getElementById('card')!;
    link.addEventListener('click', (e) => e.preventDefault());
    link.click();
    expect(JSON.parse(decodeURIComponent(jar.get('select_prod_list') ?? ''))).toEqual({
      product_id: String(product.product.id),
      item_list_id: 'category_accessories',
      item_list_name: 'Accessories',
    });

    runtime!.page(product, `${ORIGIN}/product/beanie/`);
    await settle();
    const layer = () => (window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer.map((e) => Array.from(e));
    const ga4 = (name: string) => layer().filter((c) => c[0] === 'event' && c[1] === name).map((c) => c[2] as { items?: Array<Record<string, unknown>> });
    expect(ga4('view_item').at(-1)?.items?.[0]).toMatchObject({ item_id: String(product.product.id), item_list_id: 'category_accessories', item_list_name: 'Accessories' });

    const line = { key: 'k1', product_id: product.product.id, variation_id: null, name: 'Beanie', product_name: 'Beanie', unit_price: { amount_minor: 1800, currency: 'USD', text: '$18.00' } };
    dispatchAddedToCart({ request: { product_id: product.product.id, quantity: 1 }, response: { added: ['k1'], cart: { items: [line] } } } as unknown as Parameters<typeof dispatchAddedToCart>[0]);
    expect(ga4('add_to_cart').at(-1)?.items?.[0]).toMatchObject({ item_list_id: 'category_accessories', item_list_name: 'Accessories' });

    // Another product's page: the selection was not from there, so no list.
    const hoodie = productPage();
    runtime!.page(hoodie, `${ORIGIN}/product/hoodie/`);
    await settle();
    expect(ga4('view_item').at(-1)?.items?.[0]).not.toHaveProperty('item_list_id');
  });

  it("a listing's server events reach GA4 (view_item_list) and the intake (ViewCategory only); a card click sends select_item", async () => {
    const { runtime, serverEvents } = setup();
    current = runtime;
    const listing = samplePage('/product-category/accessories/');
    if (listing.route !== 'listing') throw new Error('no listing');
    runtime!.page(listing, `${ORIGIN}/product-category/accessories/`);
    await runtime!.decide(createDecision({ choices: acceptAllChoices(false), bannerVersion: '2026-11', gpc: false }));
    await runtime!.loaded();
    await settle();
    const layer = () => (window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer.map((e) => Array.from(e));
    const ga4 = (name: string) => layer().filter((c) => c[0] === 'event' && c[1] === name).map((c) => c[2] as { items?: Array<Record<string, unknown>> });
    const [list] = ga4('view_item_list');
    const first = listing.listing.products[0]!;
    expect(list?.items).toHaveLength(listing.listing.products.length);
    expect(list?.items?.[0]).toMatchObject({ item_id: String(first.id), item_name: first.name, index: 0, item_list_id: 'category_accessories', item_list_name: 'Accessories' });
    await vi.waitFor(() => expect(serverEvents().map((e) => e.event_name)).toContain('ViewCategory'));

    document.body.insertAdjacentHTML('beforeend', `<ul><li class="product-card" data-product-id="${first.id}"><a id="card" href="${first.url}">x</a></li></ul>`);
    const link = document.getElementById('card')!;
    link.addEventListener('click', (e) => e.preventDefault());
    link.click();
    expect(ga4('select_item').at(-1)).toMatchObject({ item_list_id: 'category_accessories', items: [{ item_id: String(first.id), item_name: first.name, index: 0 }] });
    await settle();
    // GA4's own list events stay in the browser: the intake takes PixelYourSite's names.
    expect(serverEvents().map((e) => e.event_name)).not.toContain('ViewItemList');
    expect(serverEvents().map((e) => e.event_name)).not.toContain('SelectItem');
  });

  describe("the cart page's GA4 view_cart carries the visitor's lines (the server's has none)", () => {
    const cartPage = () => samplePage('/cart/');
    const cart = cartOf([cartItem(HOODIE, 2), cartItem(BEANIE, 1)]);
    const viewCarts = () =>
      (window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer
        .map((e) => Array.from(e))
        .filter((c) => c[0] === 'event' && c[1] === 'view_cart')
        .map((c) => c[2] as { value?: number; currency?: string; items?: Array<Record<string, unknown>> });
    const expected = {
      currency: 'USD',
      value: 108,
      items: [
        { item_id: '46', item_name: 'Hoodie', price: 45, quantity: 2, index: 0 },
        { item_id: '47', item_name: 'Beanie', price: 18, quantity: 1, index: 1 },
      ],
    };
    const allowAll = async (runtime: TrackingRuntime) => {
      await runtime.decide(createDecision({ choices: acceptAllChoices(false), bannerVersion: '2026-11', gpc: false }));
      await runtime.loaded();
      await settle();
    };

    it('fills items, value and currency from the cart the shop already has', async () => {
      const { runtime } = setup();
      current = runtime;
      runtime!.cart(cart);
      runtime!.page(cartPage(), `${ORIGIN}/cart/`);
      await allowAll(runtime!);
      expect(viewCarts()).toHaveLength(1);
      expect(viewCarts()[0]).toMatchObject(expected);
      expect(viewCarts()[0]?.items).toHaveLength(2);
    });

    it('waits for a cart still on its way, then sends once with its lines', async () => {
      const { runtime } = setup();
      current = runtime;
      await allowAll(runtime!);
      runtime!.page(cartPage(), `${ORIGIN}/cart/`);
      await settle();
      expect(viewCarts()).toHaveLength(0);
      runtime!.cart(cart);
      await settle();
      expect(viewCarts()).toHaveLength(1);
      expect(viewCarts()[0]).toMatchObject(expected);
    });

    it('sends without lines when no cart comes within CART_WAIT_MS (3000 ms)', async () => {
      expect(CART_WAIT_MS).toBe(3000);
      const { runtime } = setup();
      current = runtime;
      await allowAll(runtime!);
      vi.useFakeTimers();
      runtime!.page(cartPage(), `${ORIGIN}/cart/`);
      vi.advanceTimersByTime(2999);
      expect(viewCarts()).toHaveLength(0);
      vi.advanceTimersByTime(1);
      expect(viewCarts()).toHaveLength(1);
      expect(viewCarts()[0]).not.toHaveProperty('items');
      runtime!.cart(cart);
      expect(viewCarts()).toHaveLength(1);
    });
  });

  it('without consent, clears list and form cookies a wider consent left behind', () => {
    const jar = new MemoryCookieJar(() => Date.now());
    for (const name of ['productlist', 'select_prod_list', 'form_track', 'keep_me']) jar.set(name, 'x', { path: '/' });
    document.body.innerHTML = `<script id="vitrine-tracking" type="application/json">${JSON.stringify(CONFIG)}</script>`;
    current = startTracking({ win: window, doc: document, jar, gpc: false });
    expect(jar.names()).toEqual(['keep_me']);
  });
});
