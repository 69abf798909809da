import { MemoryCookieJar } from '@/lib/cookies';
import { recordingProvider, registryOf, testEvent } from '../test-support';
import type { ProviderId } from '../types';
import { createDispatcher, type DispatcherOptions } from './dispatcher';
import { runStaticEvents, tiktokStaticOffset } from './static-events';

const T0 = Date.UTC(2025, 2, 10, 12, 0);

function setup(overrides: Partial<DispatcherOptions> = {}) {
  const meta = recordingProvider('meta');
  const ga4 = recordingProvider('ga4');
  const tiktok = recordingProvider('tiktok');
  const pending = recordingProvider('bing', false);
  const jar = new MemoryCookieJar(() => Date.now());
  const fetchImpl = vi.fn(async (_u: RequestInfo | URL, _i?: RequestInit) => new Response(null, { status: 202 }));
  const dispatcher = createDispatcher({
    registry: registryOf([meta, ga4, tiktok, pending]),
    isAllowed: () => true,
    serverAllowed: () => true,
    marketingAllowed: () => true,
    jar,
    now: () => Date.now(),
    href: () => 'https://shop.example.com/p/',
    server: { enabled: true, fetch: fetchImpl, pageToken: { get: async (path) => `tok:${path}`, invalidate: () => {} } },
    random: () => 0.5,
    ...overrides,
  });
  // Server copies go out once the page token resolves (a microtask).
  const bodies = async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    return fetchImpl.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
  };
  return { meta, ga4, tiktok, pending, jar, fetchImpl, dispatcher, bodies };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe('dispatcher', () => {
  it('sends to consented, initialised providers and the server with the same event id', async () => {
    const { meta, ga4, pending, dispatcher, bodies } = setup({ isAllowed: (id: ProviderId) => id !== 'ga4' });
    const event = testEvent('Lead', { eventID: 'L'.repeat(36) });
    expect(dispatcher.send(event)).toEqual({ providers: ['meta', 'tiktok'], server: 'sent' });
    expect(meta.received[0]?.eventID).toBe('L'.repeat(36));
    expect(ga4.received).toEqual([]);
    expect(pending.received).toEqual([]);
    expect((await bodies())[0]).toMatchObject({ event_id: 'L'.repeat(36), event_name: 'Lead', page_token: 'tok:/p/' });
  });

  it('asks the token of the page the event is sent from, and after a navigation the new one', async () => {
    let href = 'https://shop.example.com/shop/?orderby=price';
    const asked: string[] = [];
    const { dispatcher, bodies } = setup({
      href: () => href,
      server: {
        enabled: true,
        fetch: vi.fn(async () => new Response(null, { status: 202 })),
        pageToken: { get: async (path) => (asked.push(path), `tok:${path}`), invalidate: () => {} },
      },
    });
    dispatcher.send(testEvent('Lead'));
    href = 'https://shop.example.com/product/beanie/#reviews';
    dispatcher.send(testEvent('Lead'));
    await bodies();
    expect(asked).toEqual(['/shop/', '/product/beanie/']);
  });

  it('renews a refused token once for the same page', async () => {
    const asked: string[] = [];
    const invalidate = vi.fn();
    const statuses = [403, 202];
    const fetchImpl = vi.fn(async (_u: RequestInfo | URL, _i?: RequestInit) => new Response(null, { status: statuses.shift() ?? 500 }));
    const { dispatcher } = setup({
      href: () => 'https://shop.example.com/cart/',
      server: { enabled: true, fetch: fetchImpl, pageToken: { get: async (path) => (asked.push(path), `tok${asked.length}`), invalidate } },
    });
    dispatcher.send(testEvent('Lead'));
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(2));
    expect(asked).toEqual(['/cart/', '/cart/']);
    expect(invalidate).toHaveBeenCalledTimes(1);
    const tokens = fetchImpl.mock.calls.map(([, init]) => JSON.parse(String(init?.body)).page_token);
    expect(tokens).toEqual(['tok1', 'tok2']);
  });

  it('never sends a server copy of a purchase: the shop reports it from the paid order', async () => {
    const { meta, dispatcher, fetchImpl, bodies } = setup();
    expect(dispatcher.send(testEvent('Purchase', { eventID: 'P'.repeat(36) }))).toEqual({ providers: ['meta', 'ga4', 'tiktok'], server: 'skipped' });
    expect(meta.received[0]?.eventID).toBe('P'.repeat(36));
    await bodies();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('skips the server copy when server events are off or nothing is allowed', () => {
    expect(setup({ server: { enabled: false } }).dispatcher.send(testEvent('Lead')).server).toBe('skipped');
    expect(setup({ serverAllowed: () => false }).dispatcher.send(testEvent('Lead')).server).toBe('skipped');
  });

  it('keeps identifiers out of user_data without marketing consent', async () => {
    const { jar, dispatcher, bodies } = setup({ marketingAllowed: () => false });
    jar.set('_fbp', 'fb.1.1.1');
    dispatcher.send(testEvent('Lead'));
    expect((await bodies())[0].user_data).toEqual({});
  });

  it('waits the delay in seconds before firing', () => {
    const { meta, dispatcher } = setup();
    dispatcher.dispatch(testEvent('Lead', { delay: 3 }));
    vi.advanceTimersByTime(2999);
    expect(meta.received).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(meta.received).toHaveLength(1);
  });

  it('fires a purchase once per order', () => {
    const { meta, dispatcher } = setup();
    const purchase = testEvent('Purchase', { wooOrder: '1001' });
    expect(dispatcher.dispatch(purchase)).toBe(true);
    expect(dispatcher.dispatch({ ...purchase, eventID: 'other' })).toBe(false);
    expect(meta.received).toHaveLength(1);
  });

  it('fires once per time window', () => {
    const { meta, dispatcher } = setup();
    dispatcher.dispatch(testEvent('PageView', { timeWindow: 1, key: 'home' }));
    dispatcher.dispatch(testEvent('PageView', { timeWindow: 1, key: 'home' }));
    expect(meta.received).toHaveLength(1);
  });

  it('delays the page view server copy 100 ms when _fbp is missing and then sets it', async () => {
    const { jar, dispatcher, fetchImpl, bodies } = setup();
    expect(dispatcher.send(testEvent('PageView')).server).toBe('scheduled');
    await bodies();
    expect(fetchImpl).not.toHaveBeenCalled();
    vi.advanceTimersByTime(99);
    await bodies();
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(jar.get('_fbp')).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(jar.get('_fbp')).toMatch(/^fb\.1\.\d+\.\d{10}$/);
    expect((await bodies())[0].user_data.fbp).toBe(jar.get('_fbp'));
  });

  it('sends the page view at once when _fbp exists', () => {
    const { jar, dispatcher } = setup();
    jar.set('_fbp', 'fb.1.1.1');
    expect(dispatcher.send(testEvent('PageView')).server).toBe('sent');
  });

  it('lets beforeSend rewrite or drop per destination', async () => {
    const { meta, ga4, dispatcher, fetchImpl, bodies } = setup({
      beforeSend: (event, destination) =>
        destination === 'meta' ? null : destination === 'server' ? false : { ...event, params: { seen: destination } },
    });
    dispatcher.send(testEvent('Lead'));
    expect(meta.received).toHaveLength(0);
    expect(ga4.received[0]?.params).toEqual({ seen: 'ga4' });
    await bodies();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('removes e-mail addresses from UTM values and link text before sending', async () => {
    const { meta, bodies, dispatcher } = setup();
    dispatcher.send(testEvent('ClickEvent', { params: { utm_source: 'a@b.co', text: 'mail a@b.co' } }));
    expect(meta.received[0]?.params).toEqual({ text: 'mail' });
    expect((await bodies())[0].custom_data).toEqual({ text: 'mail' });
  });
});

describe('static events', () => {
  it('staggers TikTok 500 ms apart after 1500 ms while others fire at once', async () => {
    const { meta, tiktok, dispatcher, fetchImpl, bodies } = setup();
    const events = [testEvent('PageView', { type: 'static' }), testEvent('ViewContent', { type: 'static' })];
    runStaticEvents(events, dispatcher);
    expect(meta.received.map((e) => e.name)).toEqual(['PageView', 'ViewContent']);
    expect(tiktok.received).toHaveLength(0);
    vi.advanceTimersByTime(1499);
    expect(tiktok.received).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(tiktok.received.map((e) => e.name)).toEqual(['PageView']);
    vi.advanceTimersByTime(499);
    expect(tiktok.received.map((e) => e.name)).toEqual(['PageView']);
    vi.advanceTimersByTime(1);
    expect(tiktok.received.map((e) => e.name)).toEqual(['PageView', 'ViewContent']);
    vi.advanceTimersByTime(100);
    await bodies();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('does not send TikTok an event a guard stopped', () => {
    const { tiktok, dispatcher } = setup();
    const purchase = testEvent('Purchase', { type: 'static', wooOrder: '9' });
    runStaticEvents([purchase], dispatcher);
    runStaticEvents([purchase], dispatcher);
    vi.advanceTimersByTime(5000);
    expect(tiktok.received).toHaveLength(1);
  });

  it('adds the event delay to the TikTok offset', () => {
    expect(tiktokStaticOffset(0)).toBe(1500);
    expect(tiktokStaticOffset(2)).toBe(2500);
    expect(tiktokStaticOffset(1, 2)).toBe(4000);
  });
});
