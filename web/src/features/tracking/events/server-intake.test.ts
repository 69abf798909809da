import { MemoryCookieJar } from '@/lib/cookies';
import { testEvent } from '../test-support';
import { collectUserData, sendServerEvent, serverEventBody } from './server-intake';

describe('server event body', () => {
  it('carries event id, name, unix seconds, URL, Meta-shaped data, user data and page token', () => {
    const event = testEvent('AddToCart', {
      eventID: 'a'.repeat(36),
      params: { custom: 'x' },
      ecommerce: { currency: 'USD', value: 1000, items: [{ id: 's', quantity: 1, price: 1000 }] },
    });
    expect(
      serverEventBody(event, {
        now: 1_741_608_000_999,
        href: 'https://shop.example.com/p/',
        userData: { fbp: 'fb.1.1.1', external_id: 'pb' },
        pageToken: 'signed.token',
      }),
    ).toEqual({
      event_id: 'a'.repeat(36),
      event_name: 'AddToCart',
      event_time: 1_741_608_000,
      event_source_url: 'https://shop.example.com/p/',
      custom_data: {
        custom: 'x',
        value: 10,
        currency: 'USD',
        content_ids: ['s'],
        content_type: 'product',
        contents: [{ id: 's', quantity: 1, item_price: 10 }],
        num_items: 1,
      },
      user_data: { fbp: 'fb.1.1.1', external_id: 'pb' },
      page_token: 'signed.token',
    });
  });

  it('collects fbp, fbc and pbid from cookies and matching data when given', () => {
    const jar = new MemoryCookieJar();
    jar.set('_fbp', 'fb.1.2.3');
    jar.set('_fbc', 'fb.1.2.click');
    jar.set('pbid', 'abc');
    expect(collectUserData(jar)).toEqual({ fbp: 'fb.1.2.3', fbc: 'fb.1.2.click', external_id: 'abc' });
    expect(collectUserData(jar, { email: 'a@b.co', first_name: 'Ada' })).toMatchObject({
      email: 'a@b.co',
      first_name: 'Ada',
      external_id: 'abc',
    });
  });
});

describe('sendServerEvent', () => {
  it('POSTs JSON with keepalive to the intake', async () => {
    const fetchImpl = vi.fn(async (_u: RequestInfo | URL, _i?: RequestInit) => new Response(null, { status: 202 }));
    const body = serverEventBody(testEvent('Lead'), { now: 0, href: '/', userData: {} });
    expect(await sendServerEvent(body, { fetch: fetchImpl })).toBe(true);
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/tracking/events?_locale=user');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(JSON.parse(String(init?.body)).event_name).toBe('Lead');
  });

  it('logs failures to the console only', async () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    const body = serverEventBody(testEvent('Lead'), { now: 0, href: '/', userData: {} });
    expect(await sendServerEvent(body, { fetch: async () => new Response('', { status: 400 }), logger })).toBe(false);
    expect(await sendServerEvent(body, { fetch: () => Promise.reject(new Error('x')), logger })).toBe(false);
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('renews a refused page token once and sends again with the new one', async () => {
    const statuses = [403, 202];
    const fetchImpl = vi.fn(async (_u: RequestInfo | URL, _i?: RequestInit) => new Response(null, { status: statuses.shift() ?? 500 }));
    const renewToken = vi.fn(async () => 'fresh');
    const body = serverEventBody(testEvent('Lead'), { now: 0, href: '/', userData: {}, pageToken: 'stale' });
    expect(await sendServerEvent(body, { fetch: fetchImpl, renewToken })).toBe(true);
    const sent = fetchImpl.mock.calls.map(([, init]) => JSON.parse(String(init?.body)).page_token);
    expect(sent).toEqual(['stale', 'fresh']);
    expect(renewToken).toHaveBeenCalledTimes(1);
  });

  it('gives up after one renewal so a broken session cannot loop', async () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    const fetchImpl = vi.fn(async () => new Response(null, { status: 403 }));
    const body = serverEventBody(testEvent('Lead'), { now: 0, href: '/', userData: {}, pageToken: 'stale' });
    expect(await sendServerEvent(body, { fetch: fetchImpl, renewToken: async () => 'fresh', logger })).toBe(false);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });
});
