import { createPageCache } from './page-cache';
import { createAppRouter, shouldLoadStorefront } from './router';
import { samplePage } from '@/lib/api/fixtures/pages';

describe('createAppRouter', () => {
  it('starts from the inlined page: initialised, loaded, and no request made', () => {
    window.history.replaceState(null, '', '/shop/?orderby=price');
    const fetchPage = vi.fn();
    const pages = createPageCache({ fetchPage, fetchSite: vi.fn() });
    const initialPage = samplePage('/shop/?orderby=price');
    const router = createAppRouter({ pages }, initialPage);
    expect(router.state.initialized).toBe(true);
    expect(router.state.navigation.state).toBe('idle');
    expect(router.state.data).toBe(initialPage);
    expect(pages.get('/shop/?orderby=price')).toBe(initialPage);
    expect(pages.site()).toBe(initialPage.site);
    expect(fetchPage).not.toHaveBeenCalled();
    router.dispose();
  });

  it('loads the page itself when nothing was inlined', async () => {
    window.history.replaceState(null, '', '/product/hoodie/');
    const fetchPage = vi.fn(async (path: string) => samplePage(path));
    const router = createAppRouter({ pages: createPageCache({ fetchPage, fetchSite: vi.fn() }) }, null);
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    expect(fetchPage).toHaveBeenCalledWith('/product/hoodie/', expect.anything());
    expect(router.state.data).toMatchObject({ route: 'product' });
    router.dispose();
  });
});

describe('shouldLoadStorefront', () => {
  const args = (from: string, to: string) =>
    ({ currentUrl: new URL(from, 'http://shop.test'), nextUrl: new URL(to, 'http://shop.test'), defaultShouldLoad: true }) as Parameters<typeof shouldLoadStorefront>[0];

  it('asks nothing when only the cart page’s query changes (dropping ?remove_item=)', () => {
    expect(shouldLoadStorefront(args('/cart/?remove_item=abc', '/cart/'))).toBe(false);
  });

  it('asks again when the same address is revalidated (a currency switch without reload)', () => {
    expect(shouldLoadStorefront(args('/cart/', '/cart/'))).toBe(true);
    expect(shouldLoadStorefront(args('/shop/', '/shop/'))).toBe(true);
  });
});
