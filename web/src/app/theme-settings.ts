//! The theme's options. A web constant until the shop config carries a `[theme]` table (server
//! change pending: see docs/spec-coverage.md, "Theme and product page (issue 6)").

import type { StickyHeaderSettings } from '@/components/layout/use-sticky-header';

export interface ThemeSettings {
  stickyHeader: StickyHeaderSettings;
  /** The 1 s page loader overlay (spec §4); off for shoppers. */
  pageLoader: boolean;
  /** The store notice banner; null for none. */
  storeNotice: { text: string } | null;
}

export const THEME_SETTINGS: ThemeSettings = {
  stickyHeader: { enabled: true, hideOnScroll: 'small-screens' },
  pageLoader: false,
  // DEMO COPY: WooCommerce's default store notice text, hard-coded until the shop config has one.
  storeNotice: { text: 'This is a demo store for testing purposes — no orders shall be fulfilled.' },
};
