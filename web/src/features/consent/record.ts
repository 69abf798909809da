//! Proof of consent: POST each decision to the server's consent log (fire and forget).

import type { ConsentDecision } from './types';

/** Body of `POST /api/v1/consent`. */
export interface ConsentProof {
  decision_id: string;
  choices: { analytics: boolean; marketing: boolean; preferences: boolean };
  banner_version: string;
  gpc: boolean;
}

export const CONSENT_ENDPOINT = '/api/v1/consent';

export function consentProof(decision: ConsentDecision): ConsentProof {
  const { analytics, marketing, preferences } = decision.choices;
  return {
    decision_id: decision.id,
    choices: { analytics, marketing, preferences },
    banner_version: decision.bannerVersion,
    gpc: decision.gpc,
  };
}

export interface RecordOptions {
  fetch?: typeof fetch;
  endpoint?: string;
  logger?: Pick<Console, 'warn'>;
}

/**
 * Sends the proof with `keepalive` so it survives a navigation right after the click.
 * Resolves true on a 2xx; failures are only logged to the console, never shown.
 */
export async function recordDecision(decision: ConsentDecision, options: RecordOptions = {}): Promise<boolean> {
  const doFetch = options.fetch ?? globalThis.fetch;
  const logger = options.logger ?? console;
  try {
    const response = await doFetch(options.endpoint ?? CONSENT_ENDPOINT, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(consentProof(decision)),
    });
    if (!response.ok) logger.warn(`consent: recording the decision failed with HTTP ${response.status}`);
    return response.ok;
  } catch (error) {
    logger.warn('consent: recording the decision failed', error);
    return false;
  }
}
