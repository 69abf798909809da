//! The single tracking gate: consent category per provider, GPC, defaults and external verdicts.

import { PROVIDER_CATEGORY, PROVIDER_IDS, type GatingCategory, type ProviderId } from './types';

/**
 * Consent as the gate needs it. The consent store's `state()` fits: when `decided` is true the
 * marketing flag already accounts for GPC (an explicit opt-in under GPC stays granted).
 */
export interface ConsentLike {
  analytics: boolean;
  marketing: boolean;
  /** Google Ads consent (spec §6 `google_ads`); like marketing, GPC withdraws it. */
  googleAds: boolean;
  decided?: boolean;
}

export type AllowedCategories = Record<GatingCategory, boolean>;

export interface GateConfig {
  /** Nothing optional runs before a decision (opt-in regions). */
  defaultDenied: boolean;
  /** Honour Global Privacy Control (default true). */
  respectGpc?: boolean;
  /** An external consent tool disabled everything (`all_disabled_by_api`). */
  allDisabled?: boolean;
  /** Providers an external consent tool disabled. */
  disabledProviders?: readonly ProviderId[];
}

/** Whether analytics, marketing and Google Ads may run now. */
export function allowedCategories(consent: ConsentLike | null, gpc: boolean, config: GateConfig): AllowedCategories {
  if (config.allDisabled) return { analytics: false, marketing: false, googleAds: false };
  const gpcDenies = gpc && config.respectGpc !== false;
  if (!consent) {
    const ads = !config.defaultDenied && !gpcDenies;
    return { analytics: !config.defaultDenied, marketing: ads, googleAds: ads };
  }
  const gpcAllows = consent.decided === true || !gpcDenies;
  return {
    analytics: consent.analytics,
    marketing: consent.marketing && gpcAllows,
    googleAds: consent.googleAds && gpcAllows,
  };
}

/** Whether any category is allowed (something may be tracked at all). */
export function anyCategoryAllowed(allowed: AllowedCategories): boolean {
  return allowed.analytics || allowed.marketing || allowed.googleAds;
}

/**
 * The gate. With a provider: may that provider load and receive events? Without: may anything
 * be tracked at all (used for server events and attribution cookies)?
 */
export function trackingAllowed(
  consent: ConsentLike | null,
  gpc: boolean,
  config: GateConfig,
  provider?: ProviderId,
): boolean {
  const allowed = allowedCategories(consent, gpc, config);
  if (!provider) return anyCategoryAllowed(allowed);
  if (config.disabledProviders?.includes(provider)) return false;
  return allowed[PROVIDER_CATEGORY[provider]];
}

/** The providers the gate lets through. */
export function allowedProviders(consent: ConsentLike | null, gpc: boolean, config: GateConfig): ProviderId[] {
  return PROVIDER_IDS.filter((id) => trackingAllowed(consent, gpc, config, id));
}
