//! Sourcebuster options and their defaults (research §1.4), normalised as sbjs `params.fetch` does.

import { getHost } from './uri';

/** A referral host rule: `display` renames the source, `medium` replaces `referral`. */
export interface ReferralRule {
  host: string;
  medium?: string;
  display?: string;
}

/** A search-engine rule: organic when the host matches and the query contains `param=`. */
export interface OrganicRule {
  host: string;
  param: string;
  display?: string;
}

/** Options, named after sourcebuster's (`session_length` → `sessionLength`, …). */
export interface SourcebusterOptions {
  /** Cookie lifetime in months (default 6); WooCommerce passes 0.00001 for session cookies. */
  lifetime?: number;
  /** Sliding session length in minutes (default 30). */
  sessionLength?: number;
  /**
   * Hours added to UTC for `fd` dates; absent means the visitor's local time. Deviation: sbjs
   * reads a numeric 0 as "local" and the string '0' as UTC; here 0 always means UTC.
   */
  timezoneOffset?: number;
  base64?: boolean;
  campaignParam?: string;
  termParam?: string;
  contentParam?: string;
  userIp?: string;
  promocode?: boolean | { min?: number; max?: number };
  typeinAttributes?: { source: string; medium: string };
  domain?: string | { host: string; isolate?: boolean };
  referrals?: ReferralRule[];
  organics?: OrganicRule[];
}

/** Options after defaults, as the page-load algorithm uses them. */
export interface ResolvedOptions {
  lifetimeMinutes: number;
  sessionLength: number;
  timezoneOffset: number | null;
  base64: boolean;
  /** GET names of the custom params; an unset one is the literal key "false" (bug-compatible). */
  campaignParam: string;
  termParam: string;
  contentParam: string;
  userIp: string;
  promocode: { min: number; max: number } | null;
  typein: { source: string; medium: string };
  domain: { host: string; isolate: boolean };
  referrals: ReferralRule[];
  organics: OrganicRule[];
}

/** Search engines recognised after any user rules, in sourcebuster's order. */
export const BUILT_IN_ORGANICS: readonly OrganicRule[] = [
  { host: 'bing.com', param: 'q', display: 'bing' },
  { host: 'yahoo.com', param: 'p', display: 'yahoo' },
  { host: 'about.com', param: 'q', display: 'about' },
  { host: 'aol.com', param: 'q', display: 'aol' },
  { host: 'ask.com', param: 'q', display: 'ask' },
  { host: 'globososo.com', param: 'q', display: 'globo' },
  { host: 'go.mail.ru', param: 'q', display: 'go.mail.ru' },
  { host: 'rambler.ru', param: 'query', display: 'rambler' },
  { host: 'tut.by', param: 'query', display: 'tut.by' },
];

/** Referral renames applied after any user rules. */
export const BUILT_IN_REFERRALS: readonly ReferralRule[] = [
  { host: 't.co', display: 'twitter.com' },
  { host: 'plus.url.google.com', display: 'plus.google.com' },
];

/** `parseInt` on the decimal text of a number, so 0.432 → 0 exactly like the original. */
function truncate(value: number): number {
  return parseInt(String(value), 10);
}

function nonZero(value: number | undefined): number | null {
  return value !== undefined && value !== 0 && !Number.isNaN(value) ? value : null;
}

/** Applies sourcebuster's defaults; `hostname` is `location.hostname`. */
export function resolveOptions(o: SourcebusterOptions, hostname: string): ResolvedOptions {
  const months = nonZero(o.lifetime) ?? 6;
  const session = nonZero(o.sessionLength === undefined ? undefined : truncate(o.sessionLength));
  const promo = o.promocode
    ? {
        min: (typeof o.promocode === 'object' && o.promocode.min ? truncate(o.promocode.min) : 0) || 100000,
        max: (typeof o.promocode === 'object' && o.promocode.max ? truncate(o.promocode.max) : 0) || 999999,
      }
    : null;
  let domain: { host: string; isolate: boolean };
  if (typeof o.domain === 'string' && o.domain) domain = { host: o.domain, isolate: false };
  else if (typeof o.domain === 'object' && o.domain.host) {
    domain = { host: o.domain.host, isolate: o.domain.isolate === true };
  } else domain = { host: getHost(hostname), isolate: false };
  return {
    lifetimeMinutes: truncate(months * 30 * 24 * 60),
    sessionLength: session ?? 30,
    timezoneOffset: o.timezoneOffset === undefined ? null : truncate(o.timezoneOffset),
    base64: o.base64 === true,
    campaignParam: o.campaignParam || 'false',
    termParam: o.termParam || 'false',
    contentParam: o.contentParam || 'false',
    userIp: o.userIp || '(none)',
    promocode: promo,
    typein:
      o.typeinAttributes?.source && o.typeinAttributes.medium
        ? { source: o.typeinAttributes.source, medium: o.typeinAttributes.medium }
        : { source: '(direct)', medium: '(none)' },
    domain,
    referrals: [...(o.referrals ?? []).filter((r) => r.host), ...BUILT_IN_REFERRALS],
    organics: [...(o.organics ?? []).filter((r) => r.host && r.param), ...BUILT_IN_ORGANICS],
  };
}
