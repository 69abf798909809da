//! Live product search (issue 13): the header's combobox with suggestions from 3 characters.

import './search.css';

export { SearchBox, nextActive, type SearchBoxProps } from './components/search-box';
export { DEFAULT_SEARCH_LATENCY_MS, MIN_SEARCH_CHARS, useSuggestions, type SuggestionFetcher } from './hooks/use-suggestions';
