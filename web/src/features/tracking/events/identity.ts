//! Identity cookies: the `pbid` external id (fetched once) and Meta's `_fbp` / `_fbc`.

import { ApiError, clientFor } from '@/lib/api/client';
import { daysFrom, getTextCookie, setTextCookie, type CookieJar } from '@/lib/cookies';
import { PBID_COOKIE } from '../identifier-cookies';
import type { Logger } from '../types';

export { PBID_COOKIE };

export interface PbidOptions {
  jar: CookieJar;
  now: () => number;
  /** Default: the page's API client; tests hand in a fake fetch. */
  fetch?: typeof fetch;
  /** `external_id_expire`, default 180 days. */
  expiresDays?: number;
  logger?: Logger;
}

const inFlight = new WeakMap<CookieJar, Promise<string | undefined>>();

/**
 * The visitor's `pbid`: from its cookie, else fetched once (`GET /api/v1/tracking/pbid` →
 * `{success, data: {pbid}}` as spec §7, the API client's `tracking.pbid`) and stored for 180 days. Call only when server events are on and consent allows.
 */
export function ensurePbid(o: PbidOptions): Promise<string | undefined> {
  const existing = getTextCookie(o.jar, PBID_COOKIE);
  if (existing) return Promise.resolve(existing);
  const pending = inFlight.get(o.jar);
  if (pending) return pending;
  const request = fetchPbid(o);
  inFlight.set(o.jar, request);
  return request;
}

async function fetchPbid(o: PbidOptions): Promise<string | undefined> {
  const logger = o.logger ?? console;
  try {
    // Checked, not trusted: an empty id must not become the cookie.
    const body = (await clientFor(o.fetch).tracking.pbid()) as { success?: unknown; data?: { pbid?: unknown } } | undefined;
    const pbid = body?.success === true ? body.data?.pbid : undefined;
    if (typeof pbid !== 'string' || pbid === '') return undefined;
    setTextCookie(o.jar, PBID_COOKIE, pbid, { expires: daysFrom(o.now(), o.expiresDays ?? 180), path: '/' });
    return pbid;
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) logger.warn(`tracking: pbid request failed with HTTP ${error.status}`);
    else logger.warn('tracking: pbid request failed', error);
    return undefined;
  }
}

/** The raw `fbclid` of a URL, case and characters untouched. */
export function fbclidOf(href: string): string | undefined {
  const query = href.split('#')[0]?.split('?')[1] ?? '';
  for (const pair of query.split('&')) {
    const [key, value] = pair.split('=');
    if (key === 'fbclid' && value) return value;
  }
  return undefined;
}

/** Missing `_fbp` (or an fbclid without `_fbc`) delays the page view's server copy 100 ms. */
export const FBP_WAIT_MS = 100;

export function needsFbCookieWait(jar: CookieJar, href: string): boolean {
  return !jar.get('_fbp') || (fbclidOf(href) !== undefined && !jar.get('_fbc'));
}

/**
 * Sets `_fbp` (`fb.1.<ms>.<10 digits>`) and `_fbc` (`fb.1.<ms>.<fbclid>`) when the Meta pixel
 * has not, so the server copy carries them. Marketing consent is the caller's check.
 */
export function ensureFbCookies(jar: CookieJar, href: string, now: number, random: () => number = Math.random): void {
  const expires = daysFrom(now, 90);
  if (!jar.get('_fbp')) {
    const suffix = Math.floor(1_000_000_000 + random() * 9_000_000_000);
    jar.set('_fbp', `fb.1.${now}.${suffix}`, { expires, path: '/' });
  }
  const fbclid = fbclidOf(href);
  if (fbclid && !jar.get('_fbc')) jar.set('_fbc', `fb.1.${now}.${fbclid}`, { expires, path: '/' });
}
