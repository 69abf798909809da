//! The header's live search box (features/search) over the API client, with the theme's
//! deferral and "No results" option; keyed by the URL's `s` so a new results page resets it.
//! It takes the place of the server's search form (ADR 0040) with the same input id, so focus
//! and text typed before the app started carry over.

import { useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { SearchBoxOnDemand, type SuggestionFetcher } from '@/features/search';
import { api } from '@/lib/api/client';
import type { ThemeSettings } from './theme-settings';

/** The server's search field's id (storefront/frame.rs), kept by the app's. */
export const SEARCH_INPUT_ID = 'site-search';

const fetchSuggestions: SuggestionFetcher = (query, signal) => api.search.suggestions(query, null, signal);

interface HeaderSearchProps {
  theme: ThemeSettings;
  /** What the server's field held when the app started (the shopper may have typed). */
  typed?: string;
}

export function HeaderSearch({ theme, typed }: HeaderSearchProps) {
  const [params] = useSearchParams();
  const current = params.get('s') ?? '';
  // The typed text holds for the address the app started on; a new results page shows its own query.
  const [startedOn] = useState(current);
  const defaultValue = typed !== undefined && startedOn === current ? typed : current;
  return (
    <SearchBoxOnDemand
      key={current}
      id={SEARCH_INPUT_ID}
      label="Search products"
      className="site-header__search"
      defaultValue={defaultValue}
      latencyMs={theme.search.latencyMs}
      showNoResults={theme.search.showNoResults}
      fetchSuggestions={fetchSuggestions}
    />
  );
}
