//! Spec §7 "REST client behaviour" and §9's fetch-all page size: `_locale=user` on every call,
//! `per_page=-1` as pages of 100 following `Link: rel="next"`, aborts re-thrown as they are.

import { ApiError, createApiClient } from './client';
import { nextLink } from './http';

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });

const product = (id: number) => ({ id, name: `P${id}` });

describe('_locale=user (spec §7)', () => {
  it('is added to every call, after the call own parameters', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ product: product(1) }));
    const client = createApiClient({ fetch: fetchMock });
    await client.products.get(1);
    await client.search.suggestions('hoo', 7);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/v1/products/1?_locale=user', '/api/v1/search/suggestions?q=hoo&category=7&_locale=user']);
  });

  it('travels with authenticated calls too, once', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ block: { slug: 'home' } }));
    await createApiClient({ fetch: fetchMock, nonce: 'n1' }).blocks.get('home');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/blocks/home?_locale=user');
  });
});

describe('per_page=-1: every page (spec §7, §9)', () => {
  it('asks for pages of 100 and follows rel="next" until there is none', async () => {
    const pages: Record<string, Response> = {
      '/api/v1/products?category=clothing&per_page=100&_locale=user': json(
        { products: [product(1), product(2)] },
        { Link: '</api/v1/products?category=clothing&per_page=100&page=2>; rel="next"', 'X-WP-TotalPages': '3' },
      ),
      '/api/v1/products?category=clothing&per_page=100&page=2&_locale=user': json(
        { products: [product(3)] },
        { Link: '</api/v1/products?category=clothing&per_page=100&page=1>; rel="prev", </api/v1/products?category=clothing&per_page=100&page=3>; rel="next"' },
      ),
      '/api/v1/products?category=clothing&per_page=100&page=3&_locale=user': json(
        { products: [product(4)] },
        { Link: '</api/v1/products?category=clothing&per_page=100&page=2>; rel="prev"' },
      ),
    };
    const fetchMock = vi.fn<typeof fetch>(async (url) => pages[String(url)] ?? new Response('{}', { status: 404 }));
    const all = await createApiClient({ fetch: fetchMock }).products.all({ category: 'clothing' });
    expect(all.map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(Object.keys(pages));
  });

  it('stops after one page when the answer has no Link header', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ products: [product(1)] }));
    expect(await createApiClient({ fetch: fetchMock }).products.all()).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/products?per_page=100&_locale=user');
  });

  it('fails like any call when a page fails', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(json({ products: [product(1)] }, { Link: '</api/v1/products?per_page=100&page=2>; rel="next"' }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ code: 'internal', message: 'Boom' }), { status: 500 }));
    await expect(createApiClient({ fetch: fetchMock }).products.all()).rejects.toMatchObject({ status: 500, code: 'internal' });
  });

  it('reads rel="next" wherever it stands in the Link header', () => {
    expect(nextLink('<a?page=1>; rel="prev", <a?page=3>; rel="next"')).toBe('a?page=3');
    expect(nextLink('<a?page=3>; rel=next')).toBe('a?page=3');
    expect(nextLink('<a?page=3>; title="x, y"; rel="next"')).toBe('a?page=3');
    expect(nextLink('<a?page=1>; rel="prev"')).toBeNull();
    expect(nextLink('<a?page=2>; rel="nextpage"')).toBeNull();
    expect(nextLink(null)).toBeNull();
  });
});

describe('aborted requests (spec §8 "Re-thrown as is")', () => {
  const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

  it('re-throws an abort while the body is read, not wrapped in an ApiError', async () => {
    const reason = abortError();
    const controller = new AbortController();
    const response = json({ product: product(1) });
    vi.spyOn(response, 'text').mockImplementation(async () => {
      controller.abort(reason);
      throw reason;
    });
    const error = await createApiClient({ fetch: vi.fn<typeof fetch>(async () => response) })
      .products.get(1, controller.signal)
      .catch((e: unknown) => e);
    expect(error).toBe(reason);
    expect(error).not.toBeInstanceOf(ApiError);
  });

  it('re-throws fetch AbortError as is even without the caller signal (a page leaving)', async () => {
    const reason = abortError();
    const error = await createApiClient({
      fetch: vi.fn<typeof fetch>(async () => {
        throw reason;
      }),
    })
      .site.get()
      .catch((e: unknown) => e);
    expect(error).toBe(reason);
  });

  it('re-throws an abort in the middle of fetching every page', async () => {
    const reason = abortError();
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(json({ products: [product(1)] }, { Link: '</api/v1/products?per_page=100&page=2>; rel="next"' }))
      .mockRejectedValueOnce(reason);
    const error = await createApiClient({ fetch: fetchMock }).products.all().catch((e: unknown) => e);
    expect(error).toBe(reason);
  });
});
