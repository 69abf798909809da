//! The theme's options as the layout uses them, from the shop's `[shop.theme]` config (the site
//! view's `theme`); the defaults stand in while the site view is not loaded yet.

import type { StickyHeaderSettings } from './frame/sticky-header';
import { DEFAULT_SEARCH_LATENCY_MS } from '@/features/search';
import type { SiteView } from '@/lib/api/types';

export interface ThemeSettings {
  stickyHeader: StickyHeaderSettings;
  /** The 1 s page loader overlay (spec §4); off unless the shop turns it on. */
  pageLoader: boolean;
  /** The store notice banner; null for none. */
  storeNotice: { text: string } | null;
  /** The search box: deferral after typing (search_result_latency) and the "No results" line. */
  search: { latencyMs: number; showNoResults: boolean };
  /** Listings load the next page while scrolling instead of page links. */
  infiniteScroll: boolean;
}

export const DEFAULT_THEME: ThemeSettings = {
  stickyHeader: { enabled: true, hideOnScroll: 'small-screens' },
  pageLoader: false,
  storeNotice: null,
  search: { latencyMs: DEFAULT_SEARCH_LATENCY_MS, showNoResults: false },
  infiniteScroll: false,
};

/** The layout's options for the shop's site view. */
export function themeOf(site: SiteView | undefined): ThemeSettings {
  const theme = site?.theme;
  if (!theme) return DEFAULT_THEME;
  return {
    stickyHeader: { enabled: theme.sticky_header, hideOnScroll: theme.hide_header_on_scroll },
    pageLoader: theme.page_loader,
    storeNotice: theme.store_notice ? { text: theme.store_notice } : null,
    search: { latencyMs: theme.search_result_latency, showNoResults: theme.search_no_results },
    infiniteScroll: theme.infinite_scroll,
  };
}
