//! Timing constants of spec §9 for the variations form.

/** The first check (initial lookup or fetching every variation) waits this long after load. */
export const START_DELAY_MS = 100;
/** Slide of the single-variation details (CSS transition; kept here for reference and docs). */
export const DETAILS_SLIDE_MS = 200;
/** Opacity of the white overlay covering the form while a lookup is pending. */
export const LOADING_OVERLAY_OPACITY = 0.6;
/** WooCommerce's default `woocommerce_ajax_variation_threshold`. */
export const DEFAULT_PRELOAD_THRESHOLD = 30;
