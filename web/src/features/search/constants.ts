//! Live search's numbers, shared by the box (loaded on demand) and the theme's settings.

/** Live search starts at this many characters (spec §5). */
export const MIN_SEARCH_CHARS = 3;

/** The theme's search_result_latency when the shop sets none (the server's default too). */
export const DEFAULT_SEARCH_LATENCY_MS = 300;
