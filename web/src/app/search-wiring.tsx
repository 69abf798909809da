//! The header's live search box (features/search) over the API client, with the theme's
//! deferral and "No results" option; keyed by the URL's `s` so a new results page resets it.

import { useSearchParams } from '@/lib/router';
import { SearchBoxOnDemand, type SuggestionFetcher } from '@/features/search';
import { api } from '@/lib/api/client';
import type { ThemeSettings } from './theme-settings';

const fetchSuggestions: SuggestionFetcher = (query, signal) => api.search.suggestions(query, null, signal);

export function HeaderSearch({ theme }: { theme: ThemeSettings }) {
  const [params] = useSearchParams();
  const current = params.get('s') ?? '';
  return (
    <SearchBoxOnDemand
      key={current}
      label="Search products"
      className="site-header__search"
      defaultValue={current}
      latencyMs={theme.search.latencyMs}
      showNoResults={theme.search.showNoResults}
      fetchSuggestions={fetchSuggestions}
    />
  );
}
