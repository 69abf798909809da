import { describe, expect, it } from 'vitest';
import { sampleSite } from '@/lib/api/fixtures/pages';
import { DEFAULT_THEME, themeOf } from './theme-settings';

describe('themeOf', () => {
  it('takes the store notice, sticky header and page loader from the shop config', () => {
    const theme = themeOf({
      ...sampleSite,
      theme: { store_notice: 'Free shipping this week', sticky_header: false, hide_header_on_scroll: 'always', page_loader: true, search_result_latency: 150, search_no_results: true, infinite_scroll: true },
    });
    expect(theme).toEqual({
      stickyHeader: { enabled: false, hideOnScroll: 'always' },
      pageLoader: true,
      storeNotice: { text: 'Free shipping this week' },
      search: { latencyMs: 150, showNoResults: true },
      infiniteScroll: true,
    });
  });

  it('shows no notice when the shop has none, and the defaults before the site is known', () => {
    expect(themeOf({ ...sampleSite, theme: { ...sampleSite.theme, store_notice: null } }).storeNotice).toBeNull();
    expect(themeOf(undefined)).toEqual(DEFAULT_THEME);
    expect(DEFAULT_THEME.search).toEqual({ latencyMs: 300, showNoResults: false });
  });
});
