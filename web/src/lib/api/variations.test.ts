//! Tests of the API client's variation calls.

import { ApiError, createApiClient, isAbort } from './client';
import { hoodieForm } from './fixtures/variations';
import type { Variation } from './types';

const createVariationsClient = (baseUrl = '') => createApiClient({ baseUrl }).variations;
/** A sample variation under another id. */
function variation(id: number, attributes: Record<string, string>): Variation {
  const sample = hoodieForm().product_variations?.[0];
  if (!sample) throw new Error('the hoodie fixture has no variations');
  return { ...sample, variation_id: id, attributes };
}

function respond(status: number, body: unknown) {
  return vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

describe('the API client: variations', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('GETs every variation of a product', async () => {
    const fetchMock = respond(200, { variations: [variation(90, {})] });
    vi.stubGlobal('fetch', fetchMock);
    const all = await createVariationsClient().all(45);
    expect(all.map((v) => v.variation_id)).toEqual([90]);
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/products/45/variations?_locale=user', expect.objectContaining({}));
  });

  it('POSTs the chosen attributes to match and returns the variation', async () => {
    const fetchMock = respond(200, { variation: variation(90, {}) });
    vi.stubGlobal('fetch', fetchMock);
    const found = await createVariationsClient().match(45, { attribute_color: 'Blue', attribute_logo: 'Yes' });
    expect(found?.variation_id).toBe(90);
    const [url, init = {}] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/products/45/variations/match?_locale=user');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ attributes: { attribute_color: 'Blue', attribute_logo: 'Yes' } });
  });

  it('returns null when no variation matches', async () => {
    vi.stubGlobal('fetch', respond(200, { variation: null }));
    expect(await createVariationsClient().match(45, { attribute_color: 'Red' })).toBeNull();
  });

  it('GETs a preview with the attribute as a query parameter', async () => {
    const fetchMock = respond(200, { variation: null });
    vi.stubGlobal('fetch', fetchMock);
    await createVariationsClient('https://shop.test').preview(45, 'attribute_color', 'Navy Blue');
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      'https://shop.test/api/v1/products/45/variations/preview?attribute_color=Navy+Blue&_locale=user',
    );
  });

  it('passes the abort signal through', async () => {
    const fetchMock = respond(200, { variation: null });
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    await createVariationsClient().match(45, {}, controller.signal);
    expect(fetchMock.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
  });

  it('throws the error envelope of a failed call', async () => {
    vi.stubGlobal('fetch', respond(422, { code: 'invalid_attributes', message: 'unknown value', field: 'attribute_color' }));
    const error = await createVariationsClient().match(45, { attribute_color: 'Purple' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'invalid_attributes', message: 'unknown value' });
  });

  it('throws on a body without the expected field', async () => {
    vi.stubGlobal('fetch', respond(200, { nope: true }));
    await expect(createVariationsClient().all(45)).rejects.toBeInstanceOf(ApiError);
  });

  it('recognises an aborted request', () => {
    expect(isAbort(new DOMException('aborted', 'AbortError'))).toBe(true);
    expect(isAbort(new Error('boom'))).toBe(false);
  });
});
