//! Google Consent Mode v2 signals from the consent state: default and update commands.

import { consentState } from './decision';
import type { ConsentConfig, ConsentDecision, ConsentState } from './types';

export type ConsentModeValue = 'granted' | 'denied';

export interface ConsentModeSignals {
  ad_storage: ConsentModeValue;
  ad_user_data: ConsentModeValue;
  ad_personalization: ConsentModeValue;
  analytics_storage: ConsentModeValue;
  functionality_storage: ConsentModeValue;
  personalization_storage: ConsentModeValue;
  security_storage: ConsentModeValue;
}

/** The `gtag('consent', 'default', …)` argument, optionally region-scoped. */
export interface ConsentModeDefault extends ConsentModeSignals {
  wait_for_update?: number;
  region?: string[];
}

const value = (granted: boolean): ConsentModeValue => (granted ? 'granted' : 'denied');

/**
 * Google Ads consent drives the three ad signals (spec §6: google_ads gates the ads service;
 * marketing is the other networks', which Consent Mode does not govern), analytics drives
 * analytics_storage, preferences drives functionality and personalization storage; security
 * storage is necessary and always granted.
 */
export function signalsForState(state: ConsentState): ConsentModeSignals {
  return {
    ad_storage: value(state.googleAds),
    ad_user_data: value(state.googleAds),
    ad_personalization: value(state.googleAds),
    analytics_storage: value(state.analytics),
    functionality_storage: value(state.preferences),
    personalization_storage: value(state.preferences),
    security_storage: 'granted',
  };
}

/** Consent Mode signals for a decision (or none yet), the configuration and GPC. */
export function consentModeSignals(
  decision: ConsentDecision | null,
  config: ConsentConfig,
  gpc = false,
): ConsentModeSignals {
  return signalsForState(consentState(decision, config, gpc));
}

/** The default command: what applies before any decision, sent on every page first. */
export function consentModeDefault(config: ConsentConfig, gpc = false): ConsentModeDefault {
  return {
    ...consentModeSignals(null, config, gpc),
    wait_for_update: config.waitForUpdateMs ?? 500,
    ...(config.regions?.length ? { region: [...config.regions] } : {}),
  };
}

/** Something shaped like `gtag`. */
export type GtagLike = (command: 'consent', action: 'default' | 'update', params: object) => void;

/**
 * Pushes the default on every page load and, when a decision exists, the update right after,
 * before any `config` or `event` command (Consent Mode semantics, research §4.1).
 */
export function pushConsentMode(
  gtag: GtagLike,
  decision: ConsentDecision | null,
  config: ConsentConfig,
  gpc = false,
): void {
  gtag('consent', 'default', consentModeDefault(config, gpc));
  if (decision) gtag('consent', 'update', consentModeSignals(decision, config, gpc));
}
