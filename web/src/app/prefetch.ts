//! Link prefetching wired to the router's data (spec §5): client navigation loads
//! GET /api/v1/pages?path=… through the page cache, so warming a path there means the page is
//! already there when the link is followed.

import { installLinkPrefetch } from '@/features/theme';
import type { PageCache } from './page-cache';

/** A failed prefetch is retried by the real navigation; nothing to report here. */
export function startPagePrefetch(pages: PageCache, doc: Document = document): () => void {
  return installLinkPrefetch({ doc, prefetch: (path) => pages.prefetch(path) });
}
