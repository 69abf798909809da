import { createApiClient } from './client';
import { money } from './fixtures/money';

function respond(status: number, body: unknown) {
  return vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

const EMPTY_CART = { items: [], item_count: 0, subtotal: money(0), total: money(0), cart_hash: '', cross_sells: [], notices: [], currency: 'EUR' };

describe('the pricing calls of the API client', () => {
  it('currency.set posts the code to /currency and returns the choice', async () => {
    const fetchMock = respond(200, { current: 'EUR', previous: 'USD' });
    const choice = await createApiClient({ fetch: fetchMock }).currency.set('EUR');
    expect(choice).toEqual({ current: 'EUR', previous: 'USD' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/currency?_locale=user');
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ currency: 'EUR' }), credentials: 'same-origin' });
  });

  it('currency.set fails with the envelope’s code for an unknown currency', async () => {
    const fetchMock = respond(400, { code: 'unsupported_currency', message: 'XYZ is not offered' });
    await expect(createApiClient({ fetch: fetchMock }).currency.set('XYZ')).rejects.toMatchObject({ status: 400, code: 'unsupported_currency' });
  });

  it('products.quantityPrice asks for the quantity, with the variation only when there is one', async () => {
    const answer = { quantity: 3, unit: money(1620), total: money(4860), regular_unit: money(1800), you_save: money(540), price_html: '$16.20', discounts: [] };
    const fetchMock = respond(200, answer);
    const client = createApiClient({ fetch: fetchMock });
    expect(await client.products.quantityPrice(47, 3)).toEqual(answer);
    await client.products.quantityPrice(44, 6, 76);
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(['/api/v1/products/47/price?quantity=3&_locale=user', '/api/v1/products/44/price?quantity=6&variation_id=76&_locale=user']);
  });

  it('products.quantityPrice passes the abort signal on', async () => {
    const fetchMock = respond(200, {});
    const controller = new AbortController();
    await createApiClient({ fetch: fetchMock }).products.quantityPrice(47, 2, null, controller.signal);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ signal: controller.signal });
  });

  it('products.bulkTable asks per product or variation and refuses an answer without rows', async () => {
    const rows = [{ range: '3 - 5', min: 3, max: 5, discount: '10%', unit: money(1620) }];
    const fetchMock = respond(200, { rows });
    const client = createApiClient({ fetch: fetchMock });
    expect(await client.products.bulkTable(47)).toEqual({ rows });
    await client.products.bulkTable(44, 76);
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(['/api/v1/products/47/bulk-table?_locale=user', '/api/v1/products/44/bulk-table?variation_id=76&_locale=user']);
    await expect(createApiClient({ fetch: respond(200, { table: [] }) }).products.bulkTable(47)).rejects.toMatchObject({ code: 'invalid_json' });
  });

  it('session.get sends the page’s product ids and returns cart, currency and prices', async () => {
    const prices = { '47': { currency: 'EUR', min_minor: 1656, max_minor: 1656, regular_minor: null, text: '16,56 €', regular_text: null, html: '16,56 €' } };
    const fetchMock = respond(200, { cart: EMPTY_CART, currency: 'EUR', prices });
    const session = await createApiClient({ fetch: fetchMock }).session.get([47, 48]);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/session?product_ids=47%2C48&_locale=user');
    expect(session).toEqual({ cart: EMPTY_CART, currency: 'EUR', prices });
  });

  it('session.get without ids asks plainly; over 100 ids is refused before asking', async () => {
    const fetchMock = respond(200, { cart: EMPTY_CART, currency: 'USD', prices: {} });
    const client = createApiClient({ fetch: fetchMock });
    await client.session.get();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/session?_locale=user');
    const hundred = Array.from({ length: 100 }, (_, index) => index + 1);
    await client.session.get(hundred);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect(client.session.get([...hundred, 101])).rejects.toBeInstanceOf(RangeError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
