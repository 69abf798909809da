//! Consent's parts that are not needed before the visitor decides (ADR 0037): sending the proof
//! of a decision (record.ts) and reading another consent tool's filters (gdpr-filters.ts) are
//! chunks loaded when they are first called. Neither fails loudly: a chunk that does not load is
//! logged, as their own failures are.

import type { ExternalConsent } from './external-consent';
import type { RecordOptions } from './record';
import type { ConsentDecision } from './types';

/** POSTs the decision's proof (record.ts); resolves false when it could not be sent. */
export async function recordDecision(decision: ConsentDecision, options: RecordOptions = {}): Promise<boolean> {
  try {
    const record = await import('./record');
    return await record.recordDecision(decision, options);
  } catch (error) {
    (options.logger ?? console).warn('consent: recording the decision failed', error);
    return false;
  }
}

/** GETs another consent tool's filters (gdpr-filters.ts); null when they could not be read. */
export async function fetchGdprFilters(url: string, fetchImpl?: typeof fetch, logger: Pick<Console, 'warn'> = console): Promise<ExternalConsent | null> {
  try {
    const filters = await import('./gdpr-filters');
    return await filters.fetchGdprFilters(url, fetchImpl, logger);
  } catch (error) {
    logger.warn('consent: filters request failed', error);
    return null;
  }
}
