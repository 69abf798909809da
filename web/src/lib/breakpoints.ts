//! The theme's layout widths (spec §9): small below 550 px, medium 550–849 px, wide from 850 px.
//! styles/*.css use the same numbers in their media queries.

export const MEDIUM_MIN_WIDTH = 550;
export const WIDE_MIN_WIDTH = 850;

export const SMALL_QUERY = `(max-width: ${MEDIUM_MIN_WIDTH - 1}px)`;
export const BELOW_WIDE_QUERY = `(max-width: ${WIDE_MIN_WIDTH - 1}px)`;
export const WIDE_QUERY = `(min-width: ${WIDE_MIN_WIDTH}px)`;

