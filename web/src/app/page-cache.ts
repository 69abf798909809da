//! The storefront's page cache (ADR 0029): pages by path, seeded with the inlined PageData so the
//! first paint makes no request, and the site every page carries. It replaces TanStack Query on
//! the first load (10.6 kB gzip): the router's loader, link prefetching and the frame's site are
//! all it has to serve. Features with their own server state (account area, checkout, quick
//! view) keep TanStack Query in their chunks (lib/query.tsx).
//!
//! A page is fresh for a minute; a fetch of a path already being fetched shares its request; a
//! failed fetch is tried once more after a second (as the TanStack setup did); the 50 pages
//! seen last are kept.

import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { PageFetcher } from '@/lib/api/client';
import type { PageData, SiteView } from '@/lib/api/types';

export const PAGE_STALE_MS = 60_000;
/** Pages kept at most (the oldest goes first), so a long visit does not keep every page it saw. */
export const PAGE_CACHE_MAX = 50;
const RETRY_DELAY_MS = 1_000;

interface Entry {
  page: PageData;
  at: number;
  stale: boolean;
}

export interface PageCache {
  /** The page at `path`: the cached one while fresh, else fetched (one request per path at a time). */
  fetch(path: string): Promise<PageData>;
  /** Warms `path` (a link about to be followed); errors are left to the real navigation. */
  prefetch(path: string): void;
  /** Puts a page (and its site) in the cache, as if it had just been fetched. */
  seed(path: string, page: PageData): void;
  get(path: string): PageData | undefined;
  /** Whether `path` is cached but must be fetched again before use. */
  isStale(path: string): boolean;
  /** Every cached page must be fetched again (an editor saved a block, someone logged in or out). */
  invalidate(): void;
  /** Drops every page (their prices are in a currency no longer shown). */
  clear(): void;
  site(): SiteView | undefined;
  /** Fetches the site itself (only when no page has brought it). */
  loadSite(): void;
  subscribe(listener: () => void): () => void;
}

export interface PageCacheOptions {
  fetchPage: PageFetcher;
  fetchSite: (signal?: AbortSignal) => Promise<SiteView>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createPageCache({ fetchPage, fetchSite, now = Date.now, sleep = wait }: PageCacheOptions): PageCache {
  const pages = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<PageData>>();
  // Requests in flight are aborted when the cache is cleared (their prices are in the old currency).
  let requests = new AbortController();
  const listeners = new Set<() => void>();
  let site: SiteView | undefined;
  let siteRequested = false;

  const setSite = (next: SiteView) => {
    if (next === site) return;
    site = next;
    listeners.forEach((listener) => listener());
  };
  const seed = (path: string, page: PageData) => {
    pages.delete(path);
    pages.set(path, { page, at: now(), stale: false });
    if (pages.size > PAGE_CACHE_MAX) pages.delete(pages.keys().next().value as string);
    setSite(page.site);
  };
  const fresh = (path: string) => {
    const entry = pages.get(path);
    return entry && !entry.stale && now() - entry.at < PAGE_STALE_MS ? entry.page : undefined;
  };
  const request = async (path: string): Promise<PageData> => {
    const { signal } = requests;
    try {
      return await fetchPage(path, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      await sleep(RETRY_DELAY_MS);
      return fetchPage(path, signal);
    }
  };
  const fetch = (path: string): Promise<PageData> => {
    const cached = fresh(path);
    if (cached) return Promise.resolve(cached);
    const running = inFlight.get(path);
    if (running) return running;
    const next = request(path)
      .then((page) => {
        if (inFlight.get(path) === next) seed(path, page);
        return page;
      })
      .finally(() => {
        if (inFlight.get(path) === next) inFlight.delete(path);
      });
    inFlight.set(path, next);
    return next;
  };

  return {
    fetch,
    prefetch: (path) => void fetch(path).catch(() => {}),
    seed,
    get: (path) => pages.get(path)?.page,
    isStale: (path) => {
      const entry = pages.get(path);
      return entry !== undefined && fresh(path) === undefined;
    },
    invalidate: () => pages.forEach((entry) => (entry.stale = true)),
    clear: () => {
      pages.clear();
      inFlight.clear();
      requests.abort();
      requests = new AbortController();
    },
    site: () => site,
    loadSite: () => {
      if (site || siteRequested) return;
      siteRequested = true;
      fetchSite().then(setSite, () => (siteRequested = false));
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const PageCacheContext = createContext<PageCache | null>(null);
export const PageCacheProvider = PageCacheContext.Provider;

export function usePageCache(): PageCache {
  const cache = useContext(PageCacheContext);
  if (!cache) throw new Error('usePageCache: no PageCacheProvider above');
  return cache;
}

/** The site every page carries (fetched on its own only when no page has been loaded yet). */
export function useSite(): SiteView | undefined {
  const cache = usePageCache();
  const site = useSyncExternalStore(cache.subscribe, cache.site);
  useEffect(() => {
    if (!site) cache.loadSite();
  }, [cache, site]);
  return site;
}
