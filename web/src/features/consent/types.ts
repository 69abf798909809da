//! Consent data model: categories, the stored decision, the effective state and configuration.

/**
 * Categories a visitor can choose; `necessary` is always on and never stored as a choice.
 * Spec §6: analytics gates web analytics, `googleAds` (`google_ads` on the wire) gates the
 * Google Ads service, marketing gates the other ad and social providers.
 */
export type OptionalCategory = 'analytics' | 'marketing' | 'googleAds' | 'preferences';
export type ConsentCategory = 'necessary' | OptionalCategory;
export const OPTIONAL_CATEGORIES: readonly OptionalCategory[] = ['analytics', 'marketing', 'googleAds', 'preferences'];

export type ConsentChoices = Record<OptionalCategory, boolean>;

/** One decision taken in the banner (or by another consent tool), as stored and recorded. */
export interface ConsentDecision {
  /** Pseudonymous decision id (UUID); the server's proof log is keyed by it. */
  id: string;
  choices: ConsentChoices;
  bannerVersion: string;
  /** Milliseconds since the epoch. */
  decidedAt: number;
  /** Whether Global Privacy Control was on when the visitor decided. */
  gpc: boolean;
}

/** What is allowed right now, after defaults, GPC and the stored decision. */
export interface ConsentState extends ConsentChoices {
  necessary: true;
  /** False while the visitor has not decided (the banner should show). */
  decided: boolean;
  gpc: boolean;
}

export interface ConsentConfig {
  /** Bumping it re-asks everyone. */
  bannerVersion: string;
  /** Optional categories are denied until the visitor decides (opt-in regions). */
  defaultDenied: boolean;
  /** Re-ask after this many calendar months (default 12, within Chrome's 400-day cap). */
  reaskAfterMonths?: number;
  /** Cookie holding the decision (default `vitrine_consent`). */
  cookieName?: string;
  cookieDomain?: string;
  /** Honour Global Privacy Control (default true). */
  respectGpc?: boolean;
  /** Consent Mode `wait_for_update` in ms for the default command (default 500). */
  waitForUpdateMs?: number;
  /** ISO 3166-2 regions the Consent Mode default applies to; absent = everywhere. */
  regions?: string[];
}

export const DEFAULT_CONSENT_COOKIE = 'vitrine_consent';
