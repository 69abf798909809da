//! Link prefetching wired to the router's data (spec §5): client navigation loads
//! GET /api/v1/pages?path=… through the ['page', path] query, so warming that query means the
//! page is already there when the link is followed.

import type { QueryClient } from '@tanstack/react-query';
import { installLinkPrefetch } from '@/features/theme';
import type { PageFetcher } from '@/lib/api/client';
import { pageQueryOptions } from './queries';

export function startPagePrefetch(queryClient: QueryClient, fetchPage: PageFetcher, doc: Document = document): () => void {
  return installLinkPrefetch({
    doc,
    prefetch: (path) => {
      // A failed prefetch is retried by the real navigation; nothing to report here.
      queryClient.prefetchQuery(pageQueryOptions(path, fetchPage)).catch(() => {});
    },
  });
}
