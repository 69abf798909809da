import { samplePage } from '@/lib/api/fixtures/pages';
import type { PageData } from '@/lib/api/types';
import { createPageCache, PAGE_CACHE_MAX, PAGE_STALE_MS } from './page-cache';

function setup(fetchPage = vi.fn(async (path: string) => samplePage(path))) {
  let time = 1_000;
  const sleep = vi.fn(async () => {});
  const fetchSite = vi.fn(async () => samplePage('/').site);
  const pages = createPageCache({ fetchPage, fetchSite, now: () => time, sleep });
  return { pages, fetchPage, fetchSite, sleep, advance: (ms: number) => (time += ms) };
}

describe('createPageCache', () => {
  it('answers a seeded page without a request, and holds its site', async () => {
    const { pages, fetchPage } = setup();
    const page = samplePage('/shop/');
    const seen = vi.fn();
    pages.subscribe(seen);
    pages.seed('/shop/', page);
    expect(await pages.fetch('/shop/')).toBe(page);
    expect(pages.site()).toBe(page.site);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('fetches a page again once it is a minute old, or marked stale', async () => {
    const { pages, fetchPage, advance } = setup();
    pages.seed('/shop/', samplePage('/shop/'));
    advance(PAGE_STALE_MS);
    expect(pages.isStale('/shop/')).toBe(true);
    await pages.fetch('/shop/');
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(pages.isStale('/shop/')).toBe(false);
    pages.invalidate();
    expect(pages.isStale('/shop/')).toBe(true);
    await pages.fetch('/shop/');
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('shares one request between a prefetch and the navigation that follows it', async () => {
    let resolve: (page: PageData) => void = () => {};
    const fetchPage = vi.fn(() => new Promise<PageData>((done) => (resolve = done)));
    const { pages } = setup(fetchPage);
    pages.prefetch('/product/beanie/');
    const navigation = pages.fetch('/product/beanie/');
    resolve(samplePage('/product/beanie/'));
    expect(await navigation).toMatchObject({ route: 'product' });
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(pages.get('/product/beanie/')).toMatchObject({ route: 'product' });
  });

  it('tries a failed fetch once more after a pause, then reports the error', async () => {
    const fetchPage = vi.fn(async (): Promise<PageData> => {
      throw new TypeError('offline');
    });
    const { pages, sleep } = setup(fetchPage);
    await expect(pages.fetch('/shop/')).rejects.toThrow('offline');
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledWith(1_000);
    expect(pages.get('/shop/')).toBeUndefined();
  });

  it('drops every page on clear (another currency), and fetches the site only when no page brought it', async () => {
    const { pages, fetchSite } = setup();
    pages.loadSite();
    await vi.waitFor(() => expect(pages.site()).toBeDefined());
    pages.loadSite();
    expect(fetchSite).toHaveBeenCalledTimes(1);
    pages.seed('/shop/', samplePage('/shop/'));
    pages.clear();
    expect(pages.get('/shop/')).toBeUndefined();
  });

  it(`keeps the ${PAGE_CACHE_MAX} pages seen last`, () => {
    const { pages } = setup();
    const page = samplePage('/shop/');
    pages.seed('/first/', page);
    for (let n = 1; n < PAGE_CACHE_MAX; n += 1) pages.seed(`/shop/page/${n}/`, page);
    pages.seed('/first/', page);
    pages.seed('/one-more/', page);
    expect(pages.get('/first/')).toBe(page);
    expect(pages.get('/shop/page/1/')).toBeUndefined();
    expect(pages.get('/shop/page/2/')).toBe(page);
  });
});
