//! Live product search (issue 13): the header's combobox with suggestions from 3 characters, its
//! code loaded when the box is first pointed at or focused (ADR 0037).

import './search.css';

export { SearchBoxOnDemand } from './components/search-box-on-demand';
export type { SearchBoxProps } from './components/search-box';
export { DEFAULT_SEARCH_LATENCY_MS, MIN_SEARCH_CHARS } from './constants';
export type { SuggestionFetcher } from './hooks/use-suggestions';
