//! Test helper: the whole app on a memory router, started from fixture PageData exactly as
//! main.tsx starts it from the inlined data (mounted on the server frame's `<main>`, its islands
//! in the frame's places: frame/server-frame.ts), with the cart talking to an in-memory fake server
//! and the account session answering "logged out" unless told otherwise (test-only).

import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { onTestFinished, vi } from 'vitest';
import { CART_HASH_COOKIE } from '@/features/cart/constants';
import { FakeCartServer } from '@/features/cart/test/fake-server';
import { MemoryStorage } from '@/features/cart/test/render';
import { createApiClient, type PageFetcher } from '@/lib/api/client';
import { samplePage } from '@/lib/api/fixtures/pages';
import type { PageData } from '@/lib/api/types';
import { createMemoryHistory } from '@/lib/router';
import { App, type AppAccountOptions, type AppCartOptions } from './app';
import { createQueryClient } from '@/lib/query';
import { createPageCache } from './page-cache';
import { startFrame } from './frame/frame';
import { serverFrameHtml } from './frame/server-frame';
import { createStorefrontRouter } from './router';
import { themeOf } from './theme-settings';

interface Options {
  /** What the server inlined; defaults to the sample catalogue's page for `path`. */
  initialPage?: PageData;
  fetchPage?: PageFetcher;
  wrap?: (app: ReactNode) => ReactNode;
  /** The cart endpoints; default: an empty cart that knows no product. */
  cartServer?: FakeCartServer;
  /** Overrides of the CartProvider options built around `cartServer`. */
  cart?: Partial<AppCartOptions>;
  /** The account endpoints; default: a visitor (the session answers `{ account: null }`). */
  account?: AppAccountOptions;
  /** Leave out the server's frame (the islands then render in place, as on the Vite dev page). */
  noFrame?: boolean;
  /** Runs on the server's frame before the app mounts (what the shopper did before the app started). */
  beforeMount?: () => void;
}

const visitorSession = async () => new Response(JSON.stringify({ account: null }), { status: 200, headers: { 'Content-Type': 'application/json' } });

export function renderApp(path: string, options: Options = {}) {
  const fetchPage = vi.fn<PageFetcher>(options.fetchPage ?? (async (next) => samplePage(next)));
  const pages = createPageCache({ fetchPage, fetchSite: async () => samplePage('/').site });
  const initialPage = options.initialPage ?? samplePage(path);
  const router = createStorefrontRouter({ pages }, createMemoryHistory([path]), initialPage);
  const cartServer = options.cartServer ?? new FakeCartServer([]);
  const navigate = vi.fn<(url: string) => void>();
  const cart: AppCartOptions = {
    client: createApiClient({ fetch: cartServer.fetch }).cart,
    storage: new MemoryStorage(),
    readCookie: (name) => (name === CART_HASH_COOKIE ? cartServer.cookie : undefined),
    navigate,
    sync: null,
    ...options.cart,
  };
  const account = options.account ?? { client: createApiClient({ fetch: vi.fn<typeof fetch>(visitorSession) }) };
  // A query client per test (the app's parts with server state otherwise share one per tab).
  const app = (
    <QueryClientProvider client={createQueryClient()}>
      <App pages={pages} router={router} cart={cart} account={account} />
    </QueryClientProvider>
  );
  // The server's frame, and the app mounted on its `<main>` with the frame started (main.tsx).
  let container: HTMLElement | undefined;
  if (!options.noFrame) {
    document.body.innerHTML = serverFrameHtml(initialPage, path);
    container = document.getElementById('main') ?? undefined;
    options.beforeMount?.();
    const stop = startFrame(router, { sticky: themeOf(initialPage.site).stickyHeader });
    onTestFinished(() => {
      stop();
      document.body.innerHTML = '';
      delete document.documentElement.dataset.app;
    });
  }
  const result = render(options.wrap ? options.wrap(app) : app, container ? { container } : {});
  return { ...result, router, fetchPage, pages, cartServer, navigate };
}
