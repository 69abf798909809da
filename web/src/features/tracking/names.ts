//! Canonical event names → each provider's names (spec §9 for analytics, research §6 for others).

import type { ProviderId } from './types';

/** Canonical names the shop fires. Anything else is a custom event. */
export const STANDARD_EVENTS = [
  'PageView',
  'ViewContent',
  'AddToCart',
  'AddToWishList',
  'InitiateCheckout',
  'AddPaymentInfo',
  'Purchase',
  'Lead',
  'CompleteRegistration',
  'Search',
  'ViewCategory',
  'RemoveFromCart',
] as const;
export type StandardEventName = (typeof STANDARD_EVENTS)[number];

/**
 * Events the shop reports itself, from the paid order: the browser pixels fire them, but the
 * browser never sends their server copy (the intake refuses it with `server_only_event`).
 */
export const SERVER_ONLY_EVENTS: ReadonlySet<string> = new Set(['Purchase']);

/**
 * GA4's own list and cart events (the server's static events name them for GA4 only): the
 * browser's GA4 tag gets them, the intake does not (its events are the PixelYourSite ones).
 */
export const BROWSER_ONLY_EVENTS: ReadonlySet<string> = new Set(['ViewItemList', 'SelectItem', 'ViewCart']);

/** GA4 names; AddPaymentInfo maps to set_checkout_option as the spec requires. */
export const GA4_NAMES: Readonly<Record<string, string>> = {
  PageView: 'page_view',
  ViewContent: 'view_item',
  AddToCart: 'add_to_cart',
  AddToWishList: 'add_to_wishlist',
  InitiateCheckout: 'begin_checkout',
  Purchase: 'purchase',
  Lead: 'generate_lead',
  CompleteRegistration: 'sign_up',
  AddPaymentInfo: 'set_checkout_option',
  Search: 'search',
  ViewCategory: 'view_item_list',
  ViewItemList: 'view_item_list',
  SelectItem: 'select_item',
  ViewCart: 'view_cart',
  RemoveFromCart: 'remove_from_cart',
};

/** Meta standard events use `track`; the rest `trackCustom`. Meta spells AddToWishlist. */
export const META_NAMES: Readonly<Record<string, string>> = {
  PageView: 'PageView',
  ViewContent: 'ViewContent',
  AddToCart: 'AddToCart',
  AddToWishList: 'AddToWishlist',
  InitiateCheckout: 'InitiateCheckout',
  AddPaymentInfo: 'AddPaymentInfo',
  Purchase: 'Purchase',
  Lead: 'Lead',
  CompleteRegistration: 'CompleteRegistration',
  Search: 'Search',
};

export const TIKTOK_NAMES: Readonly<Record<string, string>> = {
  ViewContent: 'ViewContent',
  AddToCart: 'AddToCart',
  AddToWishList: 'AddToWishlist',
  InitiateCheckout: 'InitiateCheckout',
  AddPaymentInfo: 'AddPaymentInfo',
  Purchase: 'CompletePayment',
  Lead: 'SubmitForm',
  CompleteRegistration: 'CompleteRegistration',
  Search: 'Search',
};

/** Pinterest event names as the research lists them (API spelling). */
export const PINTEREST_NAMES: Readonly<Record<string, string>> = {
  ViewContent: 'page_visit',
  AddToCart: 'add_to_cart',
  AddToWishList: 'add_to_wishlist',
  AddPaymentInfo: 'add_payment_info',
  Purchase: 'checkout',
  Lead: 'lead',
  CompleteRegistration: 'signup',
  Search: 'search',
  ViewCategory: 'view_category',
};

export const BING_NAMES: Readonly<Record<string, string>> = {
  ViewContent: 'ViewContent',
  AddToCart: 'AddToCart',
  InitiateCheckout: 'InitiateCheckout',
  Purchase: 'Purchase',
  CompleteRegistration: 'CompleteRegistration',
};

const TABLES: Readonly<Record<ProviderId, Readonly<Record<string, string>>>> = {
  meta: META_NAMES,
  ga4: GA4_NAMES,
  googleAds: GA4_NAMES,
  tiktok: TIKTOK_NAMES,
  pinterest: PINTEREST_NAMES,
  bing: BING_NAMES,
};

/** The provider's name for a canonical event; unknown names pass through as custom events. */
export function providerEventName(provider: ProviderId, name: string): string {
  return TABLES[provider][name] ?? name;
}

/** Whether Meta treats the name as a standard event (`track` rather than `trackCustom`). */
export function isMetaStandard(name: string): boolean {
  return Object.values(META_NAMES).includes(name) || ['Subscribe', 'Contact', 'Donate', 'Schedule', 'StartTrial'].includes(name);
}
