//! TanStack Query for the parts with server state of their own (the account area, checkout and
//! the order pages, quick view): they are chunks loaded on demand, and so is this (ADR 0029: the
//! storefront's pages and site are app/page-cache.ts, not TanStack Query). One client per tab,
//! made by the first part that needs it; a client already above (a test's) is used instead.

import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';

const STALE_MS = 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: STALE_MS, retry: 1, refetchOnWindowFocus: false } } });
}

let shared: QueryClient | undefined;

/** Gives `children` the tab's query client (made on first use), unless one is already above. */
export function QueryScope({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  shared ??= createQueryClient();
  return <QueryClientProvider client={shared}>{children}</QueryClientProvider>;
}
