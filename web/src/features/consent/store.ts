//! A small consent store: current decision, GPC and external verdict, with change listeners.

import type { CookieJar } from '@/lib/cookies';
import { consentState } from './decision';
import { applyExternalConsent, type ExternalConsent } from './external-consent';
import { recordDecision } from './on-demand';
import type { RecordOptions } from './record';
import { loadDecision, saveDecision } from './storage';
import type { ConsentConfig, ConsentDecision, ConsentState } from './types';

export interface ConsentStore {
  state(): ConsentState;
  decision(): ConsentDecision | null;
  external(): ExternalConsent | null;
  /** True when the banner must be shown (no valid decision). */
  needsBanner(): boolean;
  /** Stores, records (POST) and broadcasts a new decision. */
  decide(decision: ConsentDecision): void;
  /** Applies an external consent tool's verdict (see gdpr-filters). */
  setExternal(external: ExternalConsent | null): void;
  subscribe(listener: (state: ConsentState) => void): () => void;
}

export interface ConsentStoreEnv {
  jar: CookieJar;
  config: ConsentConfig;
  gpc: boolean;
  now: () => number;
  record?: RecordOptions | false;
}

export function createConsentStore(env: ConsentStoreEnv): ConsentStore {
  let current = loadDecision(env.jar, env.config, env.now());
  let external: ExternalConsent | null = null;
  const listeners = new Set<(state: ConsentState) => void>();
  const state = () => applyExternalConsent(consentState(current, env.config, env.gpc), external);
  const emit = () => listeners.forEach((listener) => listener(state()));
  return {
    state,
    decision: () => current,
    external: () => external,
    needsBanner: () => current === null,
    decide(decision) {
      current = decision;
      saveDecision(env.jar, decision, env.config);
      if (env.record !== false) void recordDecision(decision, env.record);
      emit();
    },
    setExternal(next) {
      external = next;
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
