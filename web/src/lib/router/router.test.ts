import { describe, expect, it, vi } from 'vitest';
import { createMemoryHistory, type Location } from './history';
import { createRouter } from './router';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const pathOf = (location: Location) => `${location.pathname}${location.search}`;

describe('createRouter', () => {
  it('keeps the old address and data while the next page loads, then changes both together', async () => {
    const next = deferred<string>();
    const load = vi.fn((location: Location) => (location.pathname === '/shop/' ? next.promise : Promise.resolve(pathOf(location))));
    const router = createRouter({ history: createMemoryHistory(['/']), load, initialData: 'home' });
    const navigation = router.navigate('/shop/?orderby=price');
    expect(router.state.navigation.state).toBe('loading');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.data).toBe('home');
    next.resolve('shop');
    await navigation;
    expect(router.state).toMatchObject({ navigation: { state: 'idle' }, location: { pathname: '/shop/', search: '?orderby=price' }, data: 'shop', historyAction: 'PUSH' });
  });

  it('loads nothing for a hash change', async () => {
    const load = vi.fn(async () => 'page');
    const router = createRouter({ history: createMemoryHistory(['/shop/']), load, initialData: 'page' });
    await router.navigate('#reviews');
    expect(load).not.toHaveBeenCalled();
    expect(router.state.location).toMatchObject({ pathname: '/shop/', hash: '#reviews' });
  });

  it('a newer navigation cancels the one in flight: the last one asked wins', async () => {
    const slow = deferred<string>();
    const signals: AbortSignal[] = [];
    const load = vi.fn((location: Location, signal: AbortSignal) => {
      signals.push(signal);
      return location.pathname === '/slow/' ? slow.promise : Promise.resolve('fast');
    });
    const router = createRouter({ history: createMemoryHistory(['/']), load, initialData: 'home' });
    const first = router.navigate('/slow/');
    await router.navigate('/fast/');
    slow.resolve('slow');
    await first;
    expect(signals[0]?.aborted).toBe(true);
    expect(router.state.location.pathname).toBe('/fast/');
    expect(router.state.data).toBe('fast');
  });

  it('back loads the previous entry again and returns to its scroll position', async () => {
    const load = vi.fn(async (location: Location) => pathOf(location));
    const history = createMemoryHistory(['/']);
    const router = createRouter({ history, load, initialData: '/' });
    await router.navigate('/shop/');
    expect(router.state.restoreScroll).toBeNull();
    router.scrollPositions.default = 640;
    await router.navigate(-1);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state).toMatchObject({ historyAction: 'POP', data: '/', restoreScroll: 640 });
  });

  it('a failed load shows the error at the new address; revalidate() tries it again in place', async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new TypeError('Failed to fetch');
      return 'product';
    });
    const router = createRouter({ history: createMemoryHistory(['/']), load, initialData: 'home' });
    await router.navigate('/product/hoodie/');
    expect(router.state.location.pathname).toBe('/product/hoodie/');
    expect(router.state.error).toBeInstanceOf(TypeError);
    fail = false;
    await router.revalidate();
    expect(router.state).toMatchObject({ error: undefined, data: 'product', restoreScroll: false });
  });

  it('shouldLoad can keep the data when only the query changes', async () => {
    const load = vi.fn(async () => 'cart');
    const router = createRouter({
      history: createMemoryHistory(['/cart/?remove_item=abc']),
      load,
      initialData: 'cart',
      shouldLoad: ({ currentUrl, nextUrl, defaultShouldLoad }) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldLoad),
    });
    await router.navigate('?', { replace: true });
    expect(load).not.toHaveBeenCalled();
    expect(pathOf(router.state.location)).toBe('/cart/');
  });

  it('without inline data, loads the first page before it is initialised', async () => {
    const router = createRouter({ history: createMemoryHistory(['/shop/']), load: async () => 'shop' });
    expect(router.state.initialized).toBe(false);
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    expect(router.state.data).toBe('shop');
  });
});
