//! Proof of consent: each decision goes to the server's consent log (the API client's
//! `consent.record`, fire and forget).

import { ApiError, clientFor } from '@/lib/api/client';
import type { ConsentRequest } from '@/lib/api/types';
import type { ConsentDecision } from './types';

/** Body of `POST /api/v1/consent`. */
export type ConsentProof = ConsentRequest;

export function consentProof(decision: ConsentDecision): ConsentProof {
  const { analytics, marketing, googleAds, preferences } = decision.choices;
  return {
    decision_id: decision.id,
    choices: { analytics, marketing, google_ads: googleAds, preferences },
    banner_version: decision.bannerVersion,
    gpc: decision.gpc,
  };
}

export interface RecordOptions {
  /** Default: the page's API client; tests hand in a fake fetch. */
  fetch?: typeof fetch;
  logger?: Pick<Console, 'warn'>;
}

/**
 * Sends the proof with `keepalive` so it survives a navigation right after the click.
 * Resolves true on a 2xx; failures are only logged to the console, never shown.
 */
export async function recordDecision(decision: ConsentDecision, options: RecordOptions = {}): Promise<boolean> {
  const logger = options.logger ?? console;
  try {
    await clientFor(options.fetch).consent.record(consentProof(decision));
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) logger.warn(`consent: recording the decision failed with HTTP ${error.status}`);
    else logger.warn('consent: recording the decision failed', error);
    return false;
  }
}
