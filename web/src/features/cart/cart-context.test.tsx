import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@/lib/router/testing';
import { createApiClient } from '@/lib/api/client';
import { writeCartCache } from './cart-cache';
import { CartProvider } from './cart-context';
import { createCartSync } from './cart-sync';
import { AddToCartButton } from './components/add-to-cart-button';
import { CART_HASH_COOKIE } from './constants';
import { BEANIE, cartItem, cartOf, HOODIE } from './test/fixtures';
import { FakeCartServer, settle } from './test/fake-server';
import { HeaderCount, MemoryStorage, NOW } from './test/render';
import { withoutLocale } from '@/lib/testing/locale';

/** A BroadcastChannel shared by the "tabs" of one test. */
function hub() {
  const channels = new Set<Hub>();
  class Hub extends EventTarget {
    constructor(readonly name: string) {
      super();
      channels.add(this);
    }
    postMessage(data: unknown) {
      for (const other of channels) if (other !== this) other.dispatchEvent(new MessageEvent('message', { data: structuredClone(data) }));
    }
    close() {
      channels.delete(this);
    }
  }
  return Hub;
}

describe('CartProvider', () => {
  it('shows a valid cached cart in the very first render, with zero requests', () => {
    const server = new FakeCartServer([HOODIE], [[HOODIE, 3]]);
    const storage = new MemoryStorage();
    const readCookie = (name: string) => (name === CART_HASH_COOKIE ? server.cookie : undefined);
    writeCartCache({ storage, readCookie, now: () => NOW }, server.cart(), NOW - 1000);
    server.cookie = server.cart().cart_hash;

    render(
      <CartProvider client={createApiClient({ fetch: server.fetch }).cart} storage={storage} readCookie={readCookie} now={() => NOW} sync={null}>
        <HeaderCount />
      </CartProvider>,
    );
    expect(screen.getByRole('status', { name: 'Header count' })).toHaveTextContent('3');
    expect(server.requests).toEqual([]);
  });

  it('asks GET /session once, even under StrictMode, when there is no valid copy', async () => {
    const server = new FakeCartServer([HOODIE], [[HOODIE, 2]]);
    const { StrictMode } = await import('react');
    render(
      <StrictMode>
        <CartProvider client={createApiClient({ fetch: server.fetch }).cart} storage={new MemoryStorage()} readCookie={() => undefined} now={() => NOW} sync={null}>
          <HeaderCount />
        </CartProvider>
      </StrictMode>,
    );
    await act(settle);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v1/session']);
    expect(screen.getByRole('status', { name: 'Header count' })).toHaveTextContent('2');
  });

  it('keeps two tabs in step: an add in one updates the other without a request from it', async () => {
    const server = new FakeCartServer([HOODIE, BEANIE], [[HOODIE, 1]]);
    const Channel = hub();
    const readCookie = (name: string) => (name === CART_HASH_COOKIE ? server.cookie : undefined);
    const tab = (name: string, storage: MemoryStorage) => {
      writeCartCache({ storage, readCookie, now: () => NOW }, cartOf([cartItem(HOODIE, 1)]), NOW);
      server.cookie = cartOf([cartItem(HOODIE, 1)]).cart_hash;
      const fetches: string[] = [];
      const client = createApiClient({
        fetch: (input, init) => {
          fetches.push(`${init?.method ?? 'GET'} ${withoutLocale(input)}`);
          return server.fetch(input, init);
        },
      }).cart;
      return {
        fetches,
        ui: (
          <section aria-label={name}>
            <CartProvider client={client} storage={storage} readCookie={readCookie} now={() => NOW} sync={(handlers) => createCartSync(handlers, { BroadcastChannel: Channel, tabId: name })}>
              <MemoryRouter>
                <AddToCartButton productId={BEANIE.id} />
                <HeaderCount />
              </MemoryRouter>
            </CartProvider>
          </section>
        ),
      };
    };
    const storageB = new MemoryStorage();
    const a = tab('Tab A', new MemoryStorage());
    const b = tab('Tab B', storageB);
    render(
      <>
        {a.ui}
        {b.ui}
      </>,
    );
    const tabA = within(screen.getByRole('region', { name: 'Tab A' }));
    const tabB = within(screen.getByRole('region', { name: 'Tab B' }));
    expect(tabB.getByRole('status', { name: 'Header count' })).toHaveTextContent('1');

    await userEvent.click(tabA.getByRole('button', { name: 'Add to cart' }));
    await act(settle);

    expect(tabA.getByRole('status', { name: 'Header count' })).toHaveTextContent('2');
    expect(tabB.getByRole('status', { name: 'Header count' })).toHaveTextContent('2');
    expect(a.fetches).toEqual(['POST /api/v1/cart/items']);
    expect(b.fetches).toEqual([]);
    // Tab B's own cache follows, so its next page needs no request either.
    expect(JSON.parse(storageB.getItem('vitrine_cart')!).hash).toBe(server.cart().cart_hash);
  });
});
