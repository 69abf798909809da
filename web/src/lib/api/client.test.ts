import { ApiError, fetchPage, fetchProduct } from './client';
import { samplePage } from './fixtures/pages';
import { sampleProduct } from './fixtures/sample-catalogue';

function respond(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchPage', () => {
  it('asks the pages endpoint for the path and query', async () => {
    const fetchMock = respond(200, samplePage('/shop/'));
    vi.stubGlobal('fetch', fetchMock);
    const page = await fetchPage('/shop/?orderby=price');
    expect(page.route).toBe('listing');
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/pages?path=%2Fshop%2F%3Forderby%3Dprice', expect.anything());
  });

  it('treats a 404 with a not-found page as a page to show', async () => {
    vi.stubGlobal('fetch', respond(404, samplePage('/nowhere/')));
    expect((await fetchPage('/nowhere/')).route).toBe('not_found');
  });

  it('turns the error envelope into an ApiError with its code', async () => {
    vi.stubGlobal('fetch', respond(400, { code: 'invalid_parameter', message: 'page must be a number', field: 'page' }));
    const error = await fetchPage('/shop/page/abc/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_parameter', field: 'page' });
  });

  it('reports a server failure without a JSON body', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('oops', { status: 502, statusText: 'Bad Gateway' })));
    await expect(fetchPage('/shop/')).rejects.toMatchObject({ status: 502, code: 'http_error' });
  });
});

describe('fetchProduct', () => {
  it('asks for the product by id and unwraps it', async () => {
    const fetchMock = respond(200, { product: sampleProduct('beanie') });
    vi.stubGlobal('fetch', fetchMock);
    const product = await fetchProduct(48);
    expect(product.name).toBe('Beanie');
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/products/48', expect.anything());
  });

  it('turns an unknown id into an ApiError with its code', async () => {
    vi.stubGlobal('fetch', respond(404, { code: 'product_not_found', message: 'No product 9999' }));
    await expect(fetchProduct(9999)).rejects.toMatchObject({ status: 404, code: 'product_not_found' });
  });
});
