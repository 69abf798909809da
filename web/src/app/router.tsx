//! The route table (react-router library mode) and the browser router, hydrated with the
//! inlined PageData so the first render runs no loader and makes no request. A loader brings
//! the page's data and its page type's view (a chunk of its own).

import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, type LoaderFunctionArgs, type RouteObject, type ShouldRevalidateFunction } from 'react-router';
import type { PageFetcher } from '@/lib/api/client';
import type { PageData } from '@/lib/api/types';
import { Layout, LoadingShell } from './layout';
import { pagePath } from './page-data';
import { pageQueryOptions, seedPage } from './queries';
import { loadPageView } from './routes/page-views';
import { RouteError } from './routes/route-error';
import { StorefrontRoute } from './routes/storefront-route';

export interface RouterDeps {
  queryClient: QueryClient;
  fetchPage: PageFetcher;
}

function pageLoader({ queryClient, fetchPage }: RouterDeps) {
  return async ({ request }: LoaderFunctionArgs): Promise<PageData> => {
    const url = new URL(request.url);
    const path = pagePath(url);
    const page = await queryClient.fetchQuery(pageQueryOptions(path, fetchPage));
    // The page type's view comes with its data: the new page renders whole, or the route's
    // error page says the script could not be loaded (and offers "Try again").
    await loadPageView(page);
    seedPage(queryClient, path, page);
    return page;
  };
}

/**
 * The cart page's data is the same whatever its query: dropping `?remove_item=` asks nothing. A
 * revalidation of the same address (a currency switch without a reload) still asks.
 */
const CART_PATH = '/cart/';
export const shouldRevalidateStorefront: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === CART_PATH && nextUrl.pathname === CART_PATH && currentUrl.search !== nextUrl.search ? false : defaultShouldRevalidate;

export function createRoutes(deps: RouterDeps): RouteObject[] {
  return [
    {
      id: 'root',
      Component: Layout,
      HydrateFallback: LoadingShell,
      ErrorBoundary: RouteError,
      children: [
        // The server knows every storefront URL (docs/api.md); one route asks it what each is.
        {
          id: 'storefront',
          path: '*',
          loader: pageLoader(deps),
          shouldRevalidate: shouldRevalidateStorefront,
          Component: StorefrontRoute,
          ErrorBoundary: RouteError,
        },
      ],
    },
  ];
}

/** Loader data for the route that matches `path`, so the router starts already loaded. */
export function hydrationFor(routes: RouteObject[], path: string, page: PageData) {
  const matches = matchRoutes(routes, path) ?? [];
  const leaf = matches[matches.length - 1];
  return leaf?.route.id ? { loaderData: { [leaf.route.id]: page } } : undefined;
}

export function createAppRouter(deps: RouterDeps, initialPage: PageData | null) {
  const routes = createRoutes(deps);
  const path = pagePath(window.location);
  if (initialPage) seedPage(deps.queryClient, path, initialPage);
  return createBrowserRouter(routes, {
    hydrationData: initialPage ? hydrationFor(routes, path, initialPage) : undefined,
  });
}
