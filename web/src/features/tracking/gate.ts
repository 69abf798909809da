//! The single tracking gate: consent category per provider, GPC, defaults and external verdicts.

import { PROVIDER_CATEGORY, PROVIDER_IDS, type ProviderId } from './types';

/**
 * Consent as the gate needs it. The consent store's `state()` fits: when `decided` is true the
 * marketing flag already accounts for GPC (an explicit opt-in under GPC stays granted).
 */
export interface ConsentLike {
  analytics: boolean;
  marketing: boolean;
  decided?: boolean;
}

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

/** Whether analytics and marketing may run now. */
export function allowedCategories(
  consent: ConsentLike | null,
  gpc: boolean,
  config: GateConfig,
): { analytics: boolean; marketing: boolean } {
  if (config.allDisabled) return { analytics: false, marketing: false };
  const gpcDenies = gpc && config.respectGpc !== false;
  if (!consent) return { analytics: !config.defaultDenied, marketing: !config.defaultDenied && !gpcDenies };
  return {
    analytics: consent.analytics,
    marketing: consent.marketing && (consent.decided === true || !gpcDenies),
  };
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
  if (!provider) return allowed.analytics || allowed.marketing;
  if (config.disabledProviders?.includes(provider)) return false;
  return allowed[PROVIDER_CATEGORY[provider]];
}

/** The providers the gate lets through. */
export function allowedProviders(consent: ConsentLike | null, gpc: boolean, config: GateConfig): ProviderId[] {
  return PROVIDER_IDS.filter((id) => trackingAllowed(consent, gpc, config, id));
}
