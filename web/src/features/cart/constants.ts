//! The cart's numbers (spec §9) and the names it stores things under.

/** Mini cart auto-close after an add. */
export const MINI_CART_AUTO_CLOSE_MS = 5000;
/** Cart fragment lifetime: a cached cart older than this is refreshed. */
export const CART_CACHE_LIFETIME_MS = 86_400_000;
/** Blocking overlay: fade in, fade out, opacity and base z-index (spec §9 defaults). */
export const BLOCK_FADE_IN_MS = 200;
export const BLOCK_FADE_OUT_MS = 400;
export const BLOCK_OPACITY = 0.6;
export const BLOCK_Z_INDEX = 1000;
/**
 * Quantity edits (cart page and mini cart) are sent once the shopper has stopped changing them
 * for this long, so "3" typed or three clicks on plus make one request.
 */
export const QUANTITY_APPLY_DELAY_MS = 800;

/** Set by the server on every cart answer, readable by scripts; "" for an empty cart. */
export const CART_HASH_COOKIE = 'vitrine_cart_hash';
/** The shopper's currency, written by the server on a switch (spec §3 wmc_current_currency). */
export const CURRENCY_COOKIE = 'wmc_current_currency';
/** sessionStorage: this tab's copy of the cart with its hash and when it was stored. */
export const CART_CACHE_KEY = 'vitrine_cart';
/** Cross-tab channel name, and the localStorage key of the storage-event fallback. */
export const CART_CHANNEL_NAME = 'vitrine-cart';
export const CART_HASH_BROADCAST_KEY = 'vitrine_cart_hash';

export const CART_PAGE_PATH = '/cart/';
export const SHOP_PAGE_PATH = '/shop/';
export const CHECKOUT_PAGE_PATH = '/checkout/';
export const MINI_CART_ID = 'mini-cart';

/** The remove link's own address: the fallback when the ajax removal fails (spec §8). */
export function removeItemHref(key: string): string {
  return `${CART_PAGE_PATH}?remove_item=${encodeURIComponent(key)}`;
}
