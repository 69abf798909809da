//! The `vitrine_consent` cookie: write a decision, read it back, and decide when to re-ask.

import { getTextCookie, setTextCookie, type CookieJar } from '@/lib/cookies';
import { DEFAULT_CONSENT_COOKIE, type ConsentConfig, type ConsentDecision } from './types';

interface StoredDecision {
  v: 1;
  id: string;
  /** `g` (Google Ads) is absent from cookies written before the category existed. */
  c: { a: 0 | 1; m: 0 | 1; g?: 0 | 1; p: 0 | 1 };
  bv: string;
  at: number;
  gpc: 0 | 1;
}

const bit = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** The moment a decision taken at `decidedAt` expires (calendar months, UTC). */
export function reaskAt(decidedAt: number, config: ConsentConfig): number {
  const d = new Date(decidedAt);
  d.setUTCMonth(d.getUTCMonth() + (config.reaskAfterMonths ?? 12));
  return d.getTime();
}

export function serializeDecision(decision: ConsentDecision): string {
  const stored: StoredDecision = {
    v: 1,
    id: decision.id,
    c: {
      a: bit(decision.choices.analytics),
      m: bit(decision.choices.marketing),
      g: bit(decision.choices.googleAds),
      p: bit(decision.choices.preferences),
    },
    bv: decision.bannerVersion,
    at: decision.decidedAt,
    gpc: bit(decision.gpc),
  };
  return JSON.stringify(stored);
}

function isBit(value: unknown): value is 0 | 1 {
  return value === 0 || value === 1;
}

/** Parses a stored decision; anything malformed is treated as no decision. */
export function parseDecision(text: string): ConsentDecision | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const s = raw as Partial<StoredDecision>;
  const c = s.c;
  if (s.v !== 1 || typeof s.id !== 'string' || typeof s.bv !== 'string' || typeof s.at !== 'number') return null;
  if (!c || !isBit(c.a) || !isBit(c.m) || !isBit(c.p) || !isBit(s.gpc)) return null;
  if (c.g !== undefined && !isBit(c.g)) return null;
  return {
    id: s.id,
    // A decision stored before Google Ads had its own category covered it under marketing.
    choices: { analytics: c.a === 1, marketing: c.m === 1, googleAds: (c.g ?? c.m) === 1, preferences: c.p === 1 },
    bannerVersion: s.bv,
    decidedAt: s.at,
    gpc: s.gpc === 1,
  };
}

/** Writes the decision cookie; it expires when the decision must be asked again. */
export function saveDecision(jar: CookieJar, decision: ConsentDecision, config: ConsentConfig): void {
  setTextCookie(jar, config.cookieName ?? DEFAULT_CONSENT_COOKIE, serializeDecision(decision), {
    expires: new Date(reaskAt(decision.decidedAt, config)),
    path: '/',
    sameSite: 'Lax',
    ...(config.cookieDomain ? { domain: config.cookieDomain } : {}),
  });
}

/**
 * The stored decision if it is still valid: same banner version and not older than the
 * re-ask interval. Otherwise null, which means the banner shows again.
 */
export function loadDecision(jar: CookieJar, config: ConsentConfig, now: number): ConsentDecision | null {
  const text = getTextCookie(jar, config.cookieName ?? DEFAULT_CONSENT_COOKIE);
  const decision = text === undefined ? null : parseDecision(text);
  if (!decision) return null;
  if (decision.bannerVersion !== config.bannerVersion) return null;
  if (now >= reaskAt(decision.decidedAt, config)) return null;
  return decision;
}

export function clearDecision(jar: CookieJar, config: ConsentConfig): void {
  jar.remove(config.cookieName ?? DEFAULT_CONSENT_COOKIE, {
    path: '/',
    ...(config.cookieDomain ? { domain: config.cookieDomain } : {}),
  });
}
