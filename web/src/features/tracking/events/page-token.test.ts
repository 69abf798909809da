import { describe, expect, it, vi } from 'vitest';
import { createPageTokenSource, pagePath } from './page-token';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

/** A token endpoint answering `<tag><path>#<n>` (n counts its calls), valid `maxAge` seconds. */
function endpoint(maxAge = 1800, tag = '') {
  let calls = 0;
  return vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    calls += 1;
    const { path } = JSON.parse(String(init?.body)) as { path: string };
    return Response.json({ page_token: `${tag}${path}#${calls}`, path, max_age_secs: maxAge });
  });
}

const askedPaths = (fetch: ReturnType<typeof endpoint>) => fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)).path);

describe('the page token source', () => {
  it('asks the server once per page, even for events sent at the same moment, naming the page', async () => {
    const fetch = endpoint();
    const source = createPageTokenSource({ fetch, storage: memoryStorage(), now: () => 0 });
    const [a, b] = await Promise.all([source.get('/product/hoodie/'), source.get('/product/hoodie/')]);
    expect([a, b]).toEqual(['/product/hoodie/#1', '/product/hoodie/#1']);
    expect(await source.get('/product/hoodie/')).toBe('/product/hoodie/#1');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/tracking/token?_locale=user');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(JSON.parse(String(init?.body))).toEqual({ path: '/product/hoodie/' });
  });

  it('asks again for another page (a client-side navigation), and again when coming back', async () => {
    const fetch = endpoint();
    const source = createPageTokenSource({ fetch, storage: memoryStorage(), now: () => 0 });
    expect(await source.get('/shop/')).toBe('/shop/#1');
    expect(await source.get('/product/beanie/')).toBe('/product/beanie/#2');
    expect(await source.get('/shop/')).toBe('/shop/#3');
    expect(askedPaths(fetch)).toEqual(['/shop/', '/product/beanie/', '/shop/']);
  });

  it('keeps the page token for the tab and renews it a minute before it expires', async () => {
    const storage = memoryStorage();
    let now = 0;
    await createPageTokenSource({ fetch: endpoint(1800), storage, now: () => now }).get('/cart/');
    const next = endpoint(1800, 'renewed:');
    const reloaded = createPageTokenSource({ fetch: next, storage, now: () => now });
    now = 29 * 60 * 1000 - 1;
    expect(await reloaded.get('/cart/')).toBe('/cart/#1');
    expect(next).not.toHaveBeenCalled();
    now = 29 * 60 * 1000;
    expect(await reloaded.get('/cart/')).toBe('renewed:/cart/#1');
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('asks again after the server refused the token', async () => {
    const fetch = endpoint();
    const source = createPageTokenSource({ fetch, storage: memoryStorage(), now: () => 0 });
    await source.get('/');
    source.invalidate();
    expect(await source.get('/')).toBe('/#2');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('gives no token when the server cannot be reached or answers an error', async () => {
    const down = createPageTokenSource({ fetch: vi.fn(async () => Promise.reject(new Error('offline'))), storage: null });
    expect(await down.get('/')).toBeUndefined();
    const limited = createPageTokenSource({ fetch: vi.fn(async () => new Response('{}', { status: 429 })), storage: null });
    expect(await limited.get('/')).toBeUndefined();
  });
});

describe('the page of an event', () => {
  it('is the path of its URL, without query or fragment', () => {
    expect(pagePath('https://shop.example/product/hoodie/?attribute_color=red#reviews')).toBe('/product/hoodie/');
    expect(pagePath('/cart/')).toBe('/cart/');
    expect(pagePath('')).toBe('/');
  });
});
