import { ApiError, isRefusal, readErrorEnvelope } from './errors';
import { createApiClient } from './client';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the error envelope', () => {
  it('is read the same way whichever endpoint sent it, codes this build does not know included', () => {
    // The tracking endpoints' envelope: a code outside ErrorCode and a null field.
    expect(readErrorEnvelope({ code: 'replayed_event', message: 'Already received.', field: null })).toEqual({
      code: 'replayed_event',
      message: 'Already received.',
      field: undefined,
      product_url: undefined,
      available: undefined,
    });
    expect(readErrorEnvelope({ message: 'no code' })).toBeNull();
    expect(readErrorEnvelope('Bad Gateway')).toBeNull();
  });

  it('keeps the add-to-cart fields: where to sort it out and how many are left', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      json(409, { code: 'insufficient_stock', message: 'Only 2 left.', product_url: '/product/beanie/', available: 2 }),
    );
    const error = await createApiClient({ fetch: fetchMock }).cart.add({ product_id: 48, quantity: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'insufficient_stock', productUrl: '/product/beanie/', available: 2, transport: false });
    expect(isRefusal(error)).toBe(true);
  });

  it('reads a tracking refusal like any other', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(409, { code: 'replayed_event', message: 'Already received.', field: null }));
    const error = await createApiClient({ fetch: fetchMock })
      .tracking.sendEvent({ event_id: 'e', event_name: 'Lead', event_time: 0, event_source_url: '/' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, code: 'replayed_event', message: 'Already received.', field: undefined });
  });
});

describe('cart answers', () => {
  it('count an answer without a cart as a failure nothing is known from (spec §8)', async () => {
    const error = await createApiClient({ fetch: vi.fn<typeof fetch>(async () => json(200, { ok: true })) })
      .cart.get()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid_json', transport: true });
    expect(isRefusal(error)).toBe(false);
  });

  it('send PATCH and DELETE as they are, with the key in the path', async () => {
    const cart = { items: [], item_count: 0, subtotal: {}, total: {}, cart_hash: '', cross_sells: [], notices: [] };
    const fetchMock = vi.fn<typeof fetch>(async () => json(200, { cart }));
    const client = createApiClient({ fetch: fetchMock });
    await client.cart.update('a b', 2);
    await client.cart.remove('a b');
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'PATCH /api/v1/cart/items/a%20b?_locale=user',
      'DELETE /api/v1/cart/items/a%20b?_locale=user',
    ]);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ quantity: 2 });
  });
});
