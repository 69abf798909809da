//! Tracking vocabulary: providers, consent categories, the event model and injectable timers.

/** Ad and analytics providers, each behind one consent category. */
export type ProviderId = 'meta' | 'ga4' | 'googleAds' | 'tiktok' | 'pinterest' | 'bing';
export const PROVIDER_IDS: readonly ProviderId[] = ['meta', 'ga4', 'googleAds', 'tiktok', 'pinterest', 'bing'];

export type GatingCategory = 'analytics' | 'marketing' | 'googleAds';

/**
 * Spec §6: analytics consent gates GA4, google_ads consent gates Google Ads; marketing gates
 * every other ad and social provider.
 */
export const PROVIDER_CATEGORY: Readonly<Record<ProviderId, GatingCategory>> = {
  ga4: 'analytics',
  meta: 'marketing',
  googleAds: 'googleAds',
  tiktok: 'marketing',
  pinterest: 'marketing',
  bing: 'marketing',
};

/** JSON-safe parameter values. */
export type ParamValue = string | number | boolean | null | readonly ParamValue[] | { readonly [key: string]: ParamValue };
export type EventParams = Record<string, ParamValue>;

/** One product line in an ecommerce event. Prices are integer minor units (cents). */
export interface EcommerceItem {
  id: string;
  name?: string;
  /** Unit price in minor units. */
  price?: number;
  quantity: number;
  category?: string;
  variant?: string;
  listId?: string;
  listName?: string;
  /** Position in the list it was shown in (GA4 `index`). */
  index?: number;
}

/** Ecommerce facts shared by every provider; amounts are integer minor units plus currency. */
export interface EcommerceData {
  currency?: string;
  /** Total in minor units. */
  value?: number;
  items?: EcommerceItem[];
  transactionId?: string;
  contentType?: 'product' | 'product_group';
  searchTerm?: string;
  /** Google dynamic remarketing page type (product, cart, purchase, …). */
  pageType?: string;
  paymentType?: string;
}

/**
 * One tracking event (spec §3). `name` is the canonical (Meta-style) name such as `AddToCart`;
 * providers translate it. The same `eventID` goes to every pixel and to the server intake.
 */
export interface TrackingEvent {
  name: string;
  /** Free-form parameters sent as they are (after e-mail hygiene). */
  params: EventParams;
  ecommerce?: EcommerceData;
  /** Provider-specific parameters merged over the generated ones. */
  providerParams?: Partial<Record<ProviderId, EventParams>>;
  /** 36-character id shared by browser and server copies (deduplication). */
  eventID: string;
  type: 'static' | 'dynamic';
  /** Restrict to these providers (default: every allowed, initialised provider). */
  providers?: ProviderId[];
  /** Restrict to these pixel / tag ids within a provider. */
  trackingIds?: string[];
  /** Full Google Ads `send_to` targets (`AW-123/label`) that count this event as a conversion. */
  conversionLabels?: string[];
  /** Seconds to wait before firing. */
  delay?: number;
  /** Hours during which the same event key fires only once (cookie-guarded). */
  timeWindow?: number;
  /** Stable key for time-window and once-per-order cookies (default: the name). */
  key?: string;
  /** Order id: a Purchase with it fires once per order (1-day cookie). */
  wooOrder?: string;
}

/** Timer functions, injectable for tests (defaults to the global ones). */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

/** Something that logs tracking problems; tracking errors go to the console only (spec §8). */
export type Logger = Pick<Console, 'warn' | 'error'>;
