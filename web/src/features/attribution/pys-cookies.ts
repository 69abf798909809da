//! PixelYourSite-style visit cookies: session, first visit, landing page, traffic source, UTMs, ad-click ids.

import { daysFrom, getTextCookie, minutesFrom, setTextCookie, type CookieJar } from '@/lib/cookies';

/** UTM terms in PixelYourSite's order (term before content). */
export const UTM_TERMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
/** PixelYourSite's own ad-click id parameters. */
export const AD_CLICK_IDS = ['fbadid', 'gadid', 'padid', 'bingid'] as const;

export const SESSION_COOKIES = ['pys_session_limit', 'pys_start_session'] as const;
export const FIRST_VISIT_COOKIE = 'pys_first_visit';
export const TRAFFIC_SOURCE_COOKIES = ['pysTrafficSource', 'last_pysTrafficSource'] as const;
export const LANDING_PAGE_COOKIES = ['pys_landing_page', 'last_pys_landing_page'] as const;
const prefixed = (prefix: string, names: readonly string[]) => names.map((n) => `${prefix}${n}`);
export const UTM_COOKIES = [...prefixed('pys_', UTM_TERMS), ...prefixed('last_pys_', UTM_TERMS)];
export const AD_CLICK_ID_COOKIES = [...prefixed('pys_', AD_CLICK_IDS), ...prefixed('last_pys_', AD_CLICK_IDS)];

/** Every cookie this module writes. */
export const PYS_ATTRIBUTION_COOKIES: readonly string[] = [
  ...SESSION_COOKIES,
  FIRST_VISIT_COOKIE,
  ...TRAFFIC_SOURCE_COOKIES,
  ...LANDING_PAGE_COOKIES,
  ...UTM_COOKIES,
  ...AD_CLICK_ID_COOKIES,
];

/** Cookie-disable switches (PixelYourSite's `disabled_*_cookie` filters). */
export interface CookieDisableFlags {
  all?: boolean;
  startSession?: boolean;
  landingPage?: boolean;
  firstVisit?: boolean;
  trafficSource?: boolean;
  utmTerms?: boolean;
  utmId?: boolean;
}

export interface VisitCookieOptions {
  /** The shop's base URL; a referrer starting with it is internal. */
  siteUrl: string;
  /** `cookie_duration`, default 7 days. */
  cookieDurationDays?: number;
  /** `last_visit_duration`, default 60 minutes; fixed from the session start, not sliding. */
  lastVisitDurationMinutes?: number;
  /** `enable_lading_page_param`, default true. */
  landingPage?: boolean;
  disabled?: CookieDisableFlags;
  /** Cookie domain attribute, e.g. `.example.com` to share with subdomains. */
  domain?: string;
}

export interface VisitPage {
  href: string;
  referrer: string;
}

export interface VisitResult {
  newSession: boolean;
  firstVisit: boolean;
}

/** `direct`, or the referrer's domain without scheme and `www.` (PixelYourSite's getDomain). */
export function trafficSource(referrer: string, siteUrl: string): string {
  if (referrer.length === 0 || referrer.indexOf(siteUrl) === 0) return 'direct';
  return referrer.replace(/^(https?:\/\/)?(www.)?/i, '').split('/')[0] ?? '';
}

/** Raw query variables: pairs with an `=`, last one wins, nothing decoded. */
export function queryVars(href: string): Map<string, string> {
  const out = new Map<string, string>();
  const search = href.includes('?') ? (href.split('#')[0] ?? '').slice(href.indexOf('?') + 1) : '';
  for (const item of search.split('&')) {
    const parts = item.split('=');
    if (parts.length > 1) out.set(parts[0] ?? '', parts[1] ?? '');
  }
  return out;
}

/** A new session starts when either session cookie is missing. */
export function isNewSession(jar: CookieJar): boolean {
  return SESSION_COOKIES.some((name) => jar.get(name) === undefined);
}

/**
 * Runs PixelYourSite's per-page-load cookie management: start a session when either session
 * cookie is missing, record first-visit data once, and `last_*` data at every new session.
 */
export function manageVisitCookies(jar: CookieJar, page: VisitPage, now: number, o: VisitCookieOptions): VisitResult {
  const off = o.disabled ?? {};
  const path = '/';
  const where = { path, ...(o.domain ? { domain: o.domain } : {}) };
  const keep = { ...where, expires: daysFrom(now, o.cookieDurationDays ?? 7) };
  const set = (name: string, value: string) => setTextCookie(jar, name, value, keep);
  const remove = (name: string) => jar.remove(name, where);
  const newSession = isNewSession(jar);
  const firstVisit = jar.get(FIRST_VISIT_COOKIE) === undefined && !off.all;
  const landing = page.href.split('?')[0] ?? page.href;
  const source = trafficSource(page.referrer, o.siteUrl);
  const vars = queryVars(page.href);
  const landingOn = o.landingPage !== false && !off.landingPage;

  const writeParams = (prefix: string, names: readonly string[], disabled: boolean | undefined) => {
    for (const name of names) {
      const value = vars.get(name);
      if (!disabled && value !== undefined) set(prefix + name, value);
      else remove(prefix + name);
    }
  };

  if (newSession && !off.all && !off.startSession) {
    setTextCookie(jar, 'pys_session_limit', 'true', { ...where, expires: minutesFrom(now, o.lastVisitDurationMinutes ?? 60) });
    setTextCookie(jar, 'pys_start_session', 'true', where);
  }
  if (firstVisit) {
    if (!off.firstVisit) set(FIRST_VISIT_COOKIE, 'true');
    else remove(FIRST_VISIT_COOKIE);
    if (!off.trafficSource) set('pysTrafficSource', source);
    else remove('pysTrafficSource');
    if (landingOn) set('pys_landing_page', landing);
    else remove('pys_landing_page');
    writeParams('pys_', UTM_TERMS, off.utmTerms);
    writeParams('pys_', AD_CLICK_IDS, off.utmId);
  }
  if (newSession && !off.all) {
    if (!off.trafficSource) set('last_pysTrafficSource', source);
    else remove('last_pysTrafficSource');
    if (landingOn) set('last_pys_landing_page', landing);
    else remove('last_pys_landing_page');
    writeParams('last_pys_', UTM_TERMS, off.utmTerms);
    writeParams('last_pys_', AD_CLICK_IDS, off.utmId);
  }
  if (off.startSession) SESSION_COOKIES.forEach(remove);
  if (off.all) PYS_ATTRIBUTION_COOKIES.forEach(remove);
  return { newSession, firstVisit };
}

/** Names of the visit cookies the given disable flags switch off (for the consent adapter). */
export function disabledVisitCookies(flags: CookieDisableFlags): string[] {
  if (flags.all) return [...PYS_ATTRIBUTION_COOKIES];
  return [
    ...(flags.startSession ? SESSION_COOKIES : []),
    ...(flags.firstVisit ? [FIRST_VISIT_COOKIE] : []),
    ...(flags.trafficSource ? TRAFFIC_SOURCE_COOKIES : []),
    ...(flags.landingPage ? LANDING_PAGE_COOKIES : []),
    ...(flags.utmTerms ? UTM_COOKIES : []),
    ...(flags.utmId ? AD_CLICK_ID_COOKIES : []),
  ];
}

const EMAIL_LIKE =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[\d{1,3}(\.\d{1,3}){3}\])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

/** Drops a value that is an e-mail address (never send one as a UTM value). */
export function withoutEmail(value: string | undefined): string | undefined {
  return value !== undefined && EMAIL_LIKE.test(value) ? undefined : value;
}

/** UTM values from the first-visit (`pys_`) or last-visit (`last_pys_`) cookies, e-mails removed. */
export function readUtms(jar: CookieJar, last = false): Partial<Record<(typeof UTM_TERMS)[number], string>> {
  const out: Partial<Record<(typeof UTM_TERMS)[number], string>> = {};
  for (const term of UTM_TERMS) {
    const value = withoutEmail(getTextCookie(jar, `${last ? 'last_pys_' : 'pys_'}${term}`) || undefined);
    if (value !== undefined) out[term] = value;
  }
  return out;
}

/** Ad-click ids from the first-visit or last-visit cookies. */
export function readAdClickIds(jar: CookieJar, last = false): Partial<Record<(typeof AD_CLICK_IDS)[number], string>> {
  const out: Partial<Record<(typeof AD_CLICK_IDS)[number], string>> = {};
  for (const id of AD_CLICK_IDS) {
    const value = getTextCookie(jar, `${last ? 'last_pys_' : 'pys_'}${id}`);
    if (value) out[id] = value;
  }
  return out;
}
