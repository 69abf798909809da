//! TanStack Query setup: pages by path (seeded with the inlined PageData, so the first paint
//! makes no request) and the site, which every page carries.

import { QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type PageFetcher } from '@/lib/api/client';
import type { PageData, SiteView } from '@/lib/api/types';

const PAGE_STALE_MS = 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: PAGE_STALE_MS, retry: 1, refetchOnWindowFocus: false } },
  });
}

export function pageQueryOptions(path: string, fetchPage: PageFetcher) {
  return queryOptions({
    queryKey: ['page', path] as const,
    queryFn: ({ signal }) => fetchPage(path, signal),
    staleTime: PAGE_STALE_MS,
  });
}

export const SITE_QUERY_KEY = ['site'] as const;

/** Puts a page (and its site) in the cache, as if it had just been fetched. */
export function seedPage(queryClient: QueryClient, path: string, page: PageData): void {
  queryClient.setQueryData(['page', path], page);
  queryClient.setQueryData(SITE_QUERY_KEY, page.site);
}

export function useSite(): SiteView | undefined {
  return useQuery({
    queryKey: SITE_QUERY_KEY,
    queryFn: ({ signal }) => api.site.get(signal),
    staleTime: Infinity,
  }).data;
}
