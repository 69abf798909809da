import { createAuth, type Auth } from './auth';
import { ApiError, createApiClient, statusTextOf } from './client';
import { createHttp } from './http';
import { samplePage } from './fixtures/pages';
import { sampleProduct } from './fixtures/sample-catalogue';

function respond(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const fetchPage = (path: string) => createApiClient().pages.get(path);
const fetchProduct = (id: number) => createApiClient().products.get(id);

describe('fetchPage', () => {
  it('asks the pages endpoint for the path and query', async () => {
    const fetchMock = respond(200, samplePage('/shop/'));
    vi.stubGlobal('fetch', fetchMock);
    const page = await fetchPage('/shop/?orderby=price');
    expect(page.route).toBe('listing');
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/pages?path=%2Fshop%2F%3Forderby%3Dprice&_locale=user', expect.anything());
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
    // One reading of every answer: a failure without an envelope is spec §8's unknown_error.
    await expect(fetchPage('/shop/')).rejects.toMatchObject({ status: 502, code: 'unknown_error' });
  });

  it('keeps the status text of a failed answer, with or without an envelope (spec §8 checkout HTTP failure)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('oops', { status: 502, statusText: 'Bad Gateway' })));
    const bare = (await fetchPage('/shop/').catch((e: unknown) => e)) as ApiError;
    expect(bare.statusText).toBe('Bad Gateway');
    expect(statusTextOf(bare)).toBe('Bad Gateway');
    const body = JSON.stringify({ code: 'internal', message: 'Something went wrong (request r-1).' });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status: 500, statusText: 'Internal Server Error' })));
    const enveloped = (await fetchPage('/shop/').catch((e: unknown) => e)) as ApiError;
    expect(enveloped).toMatchObject({ code: 'internal', statusText: 'Internal Server Error' });
    // No reason phrase (HTTP/2): the message stands in.
    vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status: 500 })));
    expect(statusTextOf((await fetchPage('/shop/').catch((e: unknown) => e)) as ApiError)).toBe('Something went wrong (request r-1).');
  });
});

describe('fetchProduct', () => {
  it('asks for the product by id and unwraps it', async () => {
    const fetchMock = respond(200, { product: sampleProduct('beanie') });
    vi.stubGlobal('fetch', fetchMock);
    const product = await fetchProduct(48);
    expect(product.name).toBe('Beanie');
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/products/48?_locale=user', expect.anything());
  });

  it('turns an unknown id into an ApiError with its code', async () => {
    vi.stubGlobal('fetch', respond(404, { code: 'product_not_found', message: 'No product 9999' }));
    await expect(fetchProduct(9999)).rejects.toMatchObject({ status: 404, code: 'product_not_found' });
  });
});

describe('authenticated calls (spec §7 REST client behaviour)', () => {
  const account = (nonce: string) => ({
    id: 1,
    email: 'owner@example.com',
    display_name: 'Owner',
    role: 'administrator',
    capabilities: { edit_pages: true, admin_bar: true, view_coming_soon: true },
    nonce,
    coming_soon_banner: false,
  });
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const headersOf = (init: RequestInit | undefined) => new Headers(init?.headers);

  it('sends the nonce header and the cookies with every call', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(200, { block: { slug: 'home-welcome' } }));
    const client = createApiClient({ fetch: fetchMock, nonce: 'abc123' });
    await client.blocks.get('home-welcome');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/blocks/home-welcome?_locale=user');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('same-origin');
    expect(headersOf(init).get('X-WP-Nonce')).toBe('abc123');
  });

  it('sends no nonce header while it holds none', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(200, { account: account('n1') }));
    await createApiClient({ fetch: fetchMock }).account.login({ login: 'a', password: 'b', remember: false });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(headersOf(init).has('X-WP-Nonce')).toBe(false);
    expect(init?.method).toBe('POST');
    expect(headersOf(init).has('X-HTTP-Method-Override')).toBe(false);
    expect(init?.body).toBe(JSON.stringify({ login: 'a', password: 'b', remember: false }));
  });

  // Driven through the auth layer: the document has an authenticated PUT and PATCH, and the
  // override must hold for DELETE as well.
  const overridden = {
    PUT: (auth: Auth) => auth.request('PUT', '/api/v1/blocks/{slug}', { path: { slug: 'home-about' }, body: { title: 'T', body: 'B' } }),
    PATCH: (auth: Auth) => auth.request('PATCH', '/api/v1/account/me', { body: { woocommerce_meta: {} } }),
    // The document's one DELETE takes no body; the old test sent one, so the cast keeps it.
    DELETE: (auth: Auth) => auth.request('DELETE', '/api/v1/cart/items/{key}', { path: { key: 'k' }, body: { title: 'T', body: 'B' } as never }),
  } as const;

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('sends %s as POST with X-HTTP-Method-Override', async (method) => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(200, { ok: true }));
    const auth = createAuth(createHttp({ fetch: fetchMock }).request, 'n1');
    await overridden[method](auth);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(headersOf(init).get('X-HTTP-Method-Override')).toBe(method);
    expect(headersOf(init).get('Content-Type')).toBe('application/json');
  });

  it('answers undefined for a 204', async () => {
    const client = createApiClient({ fetch: vi.fn<typeof fetch>(async () => new Response(null, { status: 204 })), nonce: 'n1' });
    await expect(client.account.logout()).resolves.toBeUndefined();
  });

  it('announces the account a login opens and the end of it at logout (tracking follows user_id)', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(json(200, { account: account('n1') }))
      .mockResolvedValueOnce(json(200, {}));
    const client = createApiClient({ fetch: fetchMock });
    const sessions = vi.fn();
    client.account.subscribe(sessions);
    await client.account.login({ username: 'ada', password: 'pw' } as never);
    expect(sessions).toHaveBeenLastCalledWith({ account: account('n1') });
    await client.account.logout();
    expect(sessions).toHaveBeenLastCalledWith({ account: null });
  });

  it('renews a refused nonce from the nonce endpoint once, keeps it and retries with it', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(json(403, { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed' }))
      .mockResolvedValueOnce(json(200, { account: account('fresh') }))
      .mockResolvedValueOnce(json(200, { block: { slug: 'home-about' } }));
    const client = createApiClient({ fetch: fetchMock, nonce: 'stale' });
    const sessions = vi.fn();
    client.account.subscribe(sessions);

    await expect(client.blocks.update('home-about', { title: 'A', body: 'B' })).resolves.toEqual({ slug: 'home-about' });

    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [refreshUrl, refreshInit] = fetchMock.mock.calls[1] ?? [];
    expect(refreshUrl).toBe('/api/v1/account/session?_locale=user');
    expect(refreshInit?.method).toBe('GET');
    expect(refreshInit?.credentials).toBe('same-origin');
    const retry = fetchMock.mock.calls[2]?.[1];
    expect(headersOf(retry).get('X-WP-Nonce')).toBe('fresh');
    expect(headersOf(retry).get('X-HTTP-Method-Override')).toBe('PUT');
    expect(client.account.nonce()).toBe('fresh');
    expect(sessions).toHaveBeenCalledWith({ account: account('fresh') });
  });

  it('throws when the retry is refused too, without asking again', async () => {
    const refused = () => json(403, { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed' });
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(refused())
      .mockResolvedValueOnce(json(200, { account: account('fresh') }))
      .mockResolvedValueOnce(refused());
    const client = createApiClient({ fetch: fetchMock, nonce: 'stale' });
    await expect(client.account.update({ woocommerce_meta: {} })).rejects.toMatchObject({ status: 403, code: 'rest_cookie_invalid_nonce' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not renew for other refusals', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(403, { code: 'forbidden', message: 'Sorry, you are not allowed to do that.' }));
    const client = createApiClient({ fetch: fetchMock, nonce: 'n1' });
    await expect(client.blocks.update('home-about', { title: '', body: '' })).rejects.toMatchObject({ status: 403, code: 'forbidden', message: 'Sorry, you are not allowed to do that.' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shares one renewal between calls refused together', async () => {
    let sessionCalls = 0;
    const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      if (input === '/api/v1/account/session?_locale=user') {
        sessionCalls += 1;
        return json(200, { account: account('fresh') });
      }
      return headersOf(init).get('X-WP-Nonce') === 'fresh' ? json(200, { block: { slug: String(input) } }) : json(403, { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed' });
    });
    const client = createApiClient({ fetch: fetchMock, nonce: 'stale' });
    await Promise.all([client.blocks.update('a', { title: 'A', body: '' }), client.blocks.update('b', { title: 'B', body: '' })]);
    expect(sessionCalls).toBe(1);
  });

  it('re-throws an aborted request as is', async () => {
    const controller = new AbortController();
    const reason = new DOMException('The user aborted a request.', 'AbortError');
    const fetchMock = vi.fn<typeof fetch>(async () => {
      controller.abort(reason);
      throw reason;
    });
    const error = await createApiClient({ fetch: fetchMock, nonce: 'n1' })
      .blocks.get('home-welcome', controller.signal)
      .catch((e: unknown) => e);
    expect(error).toBe(reason);
    expect(error).not.toBeInstanceOf(ApiError);
  });

  it('reports a network failure with spec §8 fetch_error', async () => {
    const client = createApiClient({
      fetch: vi.fn<typeof fetch>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    await expect(client.account.session()).rejects.toMatchObject({ status: 0, code: 'fetch_error', message: 'You are probably offline.' });
  });

  it('reports answers that are not JSON with spec §8 invalid_json and unknown_error', async () => {
    const html = (status: number) => vi.fn<typeof fetch>(async () => new Response('<html>', { status }));
    await expect(createApiClient({ fetch: html(200) }).blocks.get('x')).rejects.toMatchObject({ code: 'invalid_json', message: 'The response is not a valid JSON response.' });
    await expect(createApiClient({ fetch: html(502) }).blocks.get('x')).rejects.toMatchObject({ status: 502, code: 'unknown_error', message: 'An unknown error occurred.' });
  });

  it('keeps the nonce the session answers, and forgets it when logged out', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValueOnce(json(200, { account: account('n9') })).mockResolvedValueOnce(json(200, { account: null }));
    const client = createApiClient({ fetch: fetchMock });
    await client.account.session();
    expect(client.account.nonce()).toBe('n9');
    expect(headersOf(fetchMock.mock.calls[0]?.[1]).has('X-WP-Nonce')).toBe(false);
    await client.account.session();
    expect(client.account.nonce()).toBeNull();
  });
});
