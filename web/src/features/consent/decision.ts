//! Building decisions from banner actions and turning a decision into the effective state.

import {
  OPTIONAL_CATEGORIES,
  type ConsentChoices,
  type ConsentConfig,
  type ConsentDecision,
  type ConsentState,
} from './types';

/** `navigator.globalPrivacyControl === true`; anything else (absent, false) is no signal. */
export function readGpc(nav: object | undefined = globalThis.navigator): boolean {
  return (nav as { globalPrivacyControl?: unknown } | undefined)?.globalPrivacyControl === true;
}

/**
 * "Accept all": under GPC marketing and Google Ads (both share data with ad networks) stay
 * denied; only ticking them explicitly grants them.
 */
export function acceptAllChoices(gpc: boolean): ConsentChoices {
  return { analytics: true, marketing: !gpc, googleAds: !gpc, preferences: true };
}

export function rejectAllChoices(): ConsentChoices {
  return { analytics: false, marketing: false, googleAds: false, preferences: false };
}

/** A random UUID v4 from the platform's CSPRNG. */
export function newDecisionId(): string {
  return crypto.randomUUID();
}

export interface DecisionInput {
  choices: ConsentChoices;
  bannerVersion: string;
  gpc: boolean;
  now?: () => number;
  newId?: () => string;
}

export function createDecision(input: DecisionInput): ConsentDecision {
  return {
    id: (input.newId ?? newDecisionId)(),
    choices: { ...input.choices },
    bannerVersion: input.bannerVersion,
    decidedAt: (input.now ?? Date.now)(),
    gpc: input.gpc,
  };
}

/**
 * The effective state. Without a decision everything optional follows `defaultDenied`, and
 * GPC keeps marketing and Google Ads denied. A GPC signal that appears after a decision withdraws them;
 * a decision taken while GPC was on was an explicit opt-in and is kept.
 */
export function consentState(decision: ConsentDecision | null, config: ConsentConfig, gpc: boolean): ConsentState {
  const honourGpc = gpc && config.respectGpc !== false;
  if (!decision) {
    const granted = !config.defaultDenied;
    return {
      necessary: true,
      analytics: granted,
      marketing: granted && !honourGpc,
      googleAds: granted && !honourGpc,
      preferences: granted,
      decided: false,
      gpc,
    };
  }
  return {
    necessary: true,
    ...decision.choices,
    marketing: decision.choices.marketing && (!honourGpc || decision.gpc),
    googleAds: decision.choices.googleAds && (!honourGpc || decision.gpc),
    decided: true,
    gpc,
  };
}

/** Choices to pre-fill the preferences view: the stored decision, else nothing ticked. */
export function initialChoices(decision: ConsentDecision | null): ConsentChoices {
  if (decision) return { ...decision.choices };
  return Object.fromEntries(OPTIONAL_CATEGORIES.map((c) => [c, false])) as ConsentChoices;
}
