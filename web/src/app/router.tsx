//! The storefront's router (lib/router, ADR 0026), started with the inlined PageData so the
//! first render runs no load and makes no request. Every address is a storefront page: the
//! server says what it is (docs/api.md). A navigation loads the page's data and its page type's
//! view (a chunk of its own) before the address and the page change.

import { createBrowserHistory, createRouter, RouteErrorBoundary, usePageData, useRouterState, type History, type Location, type PageLoader, type ShouldLoad } from '@/lib/router';
import type { PageData } from '@/lib/api/types';
import { Layout, LoadingShell } from './layout';
import { pagePath } from './page-data';
import type { PageCache } from './page-cache';
import { loadPageView } from './routes/page-views';
import { RouteError } from './routes/route-error';
import { StorefrontRoute } from './routes/storefront-route';

export interface RouterDeps {
  pages: PageCache;
  /**
   * Whether the document's frame can show `page` (ADR 0040: the header is the server's; the
   * coming-soon page has none). When not, the page is loaded from the server instead.
   */
  frameFits?: (page: PageData) => boolean;
  /** Leaves for a full load (default: location.assign). */
  reload?: (href: string) => void;
}

/** The document has the server's full frame (a header) exactly when the page is not coming soon. */
export const documentFrameFits = (page: PageData) => (page.route === 'coming_soon') === (document.getElementById('site-header') === null);

export function pageLoader({ pages, frameFits, reload = (href) => window.location.assign(href) }: RouterDeps): PageLoader<PageData> {
  return async (location: Location): Promise<PageData> => {
    const path = pagePath(location);
    const page = await pages.fetch(path);
    if (frameFits && !frameFits(page)) {
      reload(`${location.pathname}${location.search}${location.hash}`);
      // The document is going away: this navigation never commits.
      return new Promise<PageData>(() => undefined);
    }
    // The page type's view comes with its data: the new page renders whole, or the route's
    // error page says the script could not be loaded (and offers "Try again").
    await loadPageView(page);
    pages.seed(path, page);
    return page;
  };
}

/**
 * The cart page's data is the same whatever its query: dropping `?remove_item=` asks nothing. A
 * revalidation of the same address (a currency switch without a reload) still asks.
 */
const CART_PATH = '/cart/';
export const shouldLoadStorefront: ShouldLoad = ({ currentUrl, nextUrl, defaultShouldLoad }) =>
  currentUrl.pathname === CART_PATH && nextUrl.pathname === CART_PATH && currentUrl.search !== nextUrl.search ? false : defaultShouldLoad;

export function createStorefrontRouter(deps: RouterDeps, history: History, initialPage: PageData | null) {
  if (initialPage) deps.pages.seed(pagePath(history.location), initialPage);
  return createRouter<PageData>({ history, load: pageLoader(deps), shouldLoad: shouldLoadStorefront, initialData: initialPage ?? undefined });
}

export function createAppRouter(deps: RouterDeps, initialPage: PageData | null) {
  return createStorefrontRouter(deps, createBrowserHistory(), initialPage);
}

export type AppRouter = ReturnType<typeof createAppRouter>;

function StorefrontPage() {
  const page = usePageData<PageData>();
  return page ? <StorefrontRoute page={page} /> : null;
}

/**
 * The frame and the page: the loading shell until the first page's data is there (no inline
 * data), a failed load or page in the frame, a frame that fails on its own.
 */
export function Storefront() {
  const { initialized } = useRouterState();
  if (!initialized) return <LoadingShell />;
  return (
    <RouteErrorBoundary fallback={<RouteError />}>
      <Layout>
        <RouteErrorBoundary fallback={<RouteError />} loadErrors>
          <StorefrontPage />
        </RouteErrorBoundary>
      </Layout>
    </RouteErrorBoundary>
  );
}
