//! An external consent tool's verdict (another tool drives us: gdpr-filters.ts reads it from its
//! endpoint, a chunk loaded only when the shop names one) and how it narrows our consent state.

import type { ConsentState } from './types';

/** Providers the filters can switch off (PixelYourSite's reddit flag has no provider here). */
export type FilterProvider = 'meta' | 'ga4' | 'googleAds' | 'tiktok' | 'pinterest' | 'bing';

/** Cookie switches, named like the attribution module's `CookieDisableFlags` plus two more. */
export interface CookieFilterFlags {
  all: boolean;
  startSession: boolean;
  advancedFormData: boolean;
  landingPage: boolean;
  firstVisit: boolean;
  trafficSource: boolean;
  utmTerms: boolean;
  utmId: boolean;
  /** `externalID_disabled_by_api`: no `pbid` cookie and no external_id. */
  externalId: boolean;
}

/** What an external consent tool forbids. */
export interface ExternalConsent {
  allDisabled: boolean;
  disabledProviders: FilterProvider[];
  cookies: CookieFilterFlags;
}

/**
 * Narrows our state with the external tool's verdict: "all disabled" denies every optional
 * category; GA4 off denies analytics; Google Ads off denies Google Ads; every other marketing
 * provider off denies marketing.
 */
export function applyExternalConsent(state: ConsentState, external: ExternalConsent | null): ConsentState {
  if (!external) return state;
  if (external.allDisabled) return { ...state, analytics: false, marketing: false, googleAds: false, preferences: false };
  const off = new Set(external.disabledProviders);
  const marketingProviders: FilterProvider[] = ['meta', 'tiktok', 'pinterest', 'bing'];
  return {
    ...state,
    analytics: state.analytics && !off.has('ga4'),
    googleAds: state.googleAds && !off.has('googleAds'),
    marketing: state.marketing && !marketingProviders.every((p) => off.has(p)),
  };
}
