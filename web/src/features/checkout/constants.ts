//! The checkout's numbers (spec §9) and the names it stores things under.

export const CHECKOUT_PATH = '/checkout/';

/** sessionStorage: the checkout fields, all under one key (spec §3 "Address fields"). */
export const CHECKOUT_FIELDS_KEY = 'vitrine_checkout_fields';

/**
 * The order review is asked again once the shopper has stopped changing the destination
 * (country, state, postcode) for this long, so typing a postcode makes one request.
 */
export const REVIEW_DEBOUNCE_MS = 500;

/** Spec §9 "alert focus delay 500 ms" (shared with the account forms). */
export { ALERT_FOCUS_DELAY_MS } from '@/components/alert-focus';

/** Spec §9: the payment list is marked small below this width. */
export const SMALL_PAYMENT_LIST_PX = 475;

/** Spec §3: a country code is exactly this long; a longer state value is a name to match. */
export const COUNTRY_CODE_LENGTH = 2;

/** The return address after 3-D Secure carries its data here (spec §2). */
export const RESPONSE_HASH_PREFIX = '#response=';
export const ORDER_REVIEW_PARAM = 'order_review';

/** The header carrying one checkout attempt's key (ADR 0014). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
