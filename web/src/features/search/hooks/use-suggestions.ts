//! The suggestions for what is typed: asked only from 3 characters, after the shopper pauses
//! for the theme's search_result_latency, with the previous request aborted (a late answer
//! never replaces a newer one). Failures are ignored (spec §8): the list stays as it was.

import { useEffect, useState } from 'react';
import type { Suggestion } from '@/lib/api/types';
import { MIN_SEARCH_CHARS } from '../constants';

export { DEFAULT_SEARCH_LATENCY_MS, MIN_SEARCH_CHARS } from '../constants';

export type SuggestionFetcher = (query: string, signal: AbortSignal) => Promise<Suggestion[]>;

export interface SuggestionsState {
  /** The text these suggestions answer; null before any answer (or below 3 characters). */
  query: string | null;
  items: Suggestion[];
}

const NONE: SuggestionsState = { query: null, items: [] };

export function useSuggestions(text: string, latencyMs: number, fetchSuggestions: SuggestionFetcher): SuggestionsState {
  const [state, setState] = useState<SuggestionsState>(NONE);
  const query = text.trim();
  const searchable = [...query].length >= MIN_SEARCH_CHARS;

  useEffect(() => {
    if (!searchable) {
      setState(NONE);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSuggestions(query, controller.signal).then(
        (items) => {
          if (!controller.signal.aborted) setState({ query, items });
        },
        () => {
          // Ignored: a failed or aborted search leaves the list as it was.
        },
      );
    }, latencyMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, searchable, latencyMs, fetchSuggestions]);

  return searchable ? state : NONE;
}
