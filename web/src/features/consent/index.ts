//! Public API of consent (see features/tracking/README.md).

export { ConsentBanner } from './consent-banner';
export type { ConsentBannerProps } from './consent-banner';
export {
  consentModeDefault,
  consentModeSignals,
  pushConsentMode,
  signalsForState,
} from './consent-mode';
export type { ConsentModeDefault, ConsentModeSignals, ConsentModeValue, GtagLike } from './consent-mode';
export {
  acceptAllChoices,
  consentState,
  createDecision,
  initialChoices,
  newDecisionId,
  readGpc,
  rejectAllChoices,
} from './decision';
export { applyExternalConsent } from './external-consent';
export type { CookieFilterFlags, ExternalConsent, FilterProvider } from './external-consent';
export type { GdprFiltersResponse } from './gdpr-filters';
export { fetchGdprFilters, recordDecision } from './on-demand';
export type { ConsentProof, RecordOptions } from './record';
export { clearDecision, loadDecision, parseDecision, reaskAt, saveDecision, serializeDecision } from './storage';
export { createConsentStore } from './store';
export type { ConsentStore, ConsentStoreEnv } from './store';
export { DEFAULT_CONSENT_COOKIE, OPTIONAL_CATEGORIES } from './types';
export type {
  ConsentCategory,
  ConsentChoices,
  ConsentConfig,
  ConsentDecision,
  ConsentState,
  OptionalCategory,
} from './types';
