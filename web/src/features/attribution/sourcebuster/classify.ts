//! Traffic classification of one page load: utm, organic, referral or typein (research §1.5–1.6).

import type { ResolvedOptions } from './options';
import { escapeRegExp, getHost, getParams, parseUri, type ParamValue } from './uri';

/** The four traffic types sourcebuster writes into `typ`. */
export type TrafficType = 'utm' | 'organic' | 'referral' | 'typein';

/** One attribution record, in pack order (`typ src mdm cmp cnt trm id plt fmt tct`). */
export interface SourceFields {
  type: string;
  source: string;
  medium: string;
  campaign: string;
  content: string;
  term: string;
  id: string;
  platform: string;
  format: string;
  tactic: string;
}

export const NONE = '(none)';

/** GET keys whose presence (even empty) makes the load a `utm` hit. */
const UTM_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'utm_id',
  'utm_source_platform',
  'utm_creative_format',
  'utm_marketing_tactic',
  'gclid',
  'yclid',
] as const;

const YANDEX_HOST_ANY_CASE = /^(?:.*\.)?yandex\..{2,9}$/i;
const YANDEX_HOST = /^(?:.*\.)?yandex\..{2,9}$/;
const GOOGLE_HOST = /^(?:www\.)?google\..{2,9}$/;

/** A GET value as text: lists join with commas, exactly like string concatenation in JS. */
function text(value: ParamValue): string {
  return typeof value === 'string' ? value : String(value ?? '');
}

function defined(params: Map<string, ParamValue>, key: string): boolean {
  return params.get(key) !== undefined;
}

/** First defined GET value among `keys`, else `fallback`. */
function pick(params: Map<string, ParamValue>, keys: string[], fallback: string): string {
  for (const key of keys) if (defined(params, key)) return text(params.get(key));
  return fallback;
}

/** Whether any campaign parameter is present. */
export function hasCampaignParams(params: Map<string, ParamValue>, o: ResolvedOptions): boolean {
  return [...UTM_KEYS, o.campaignParam, o.termParam, o.contentParam].some((k) => defined(params, k));
}

/** UTM fields; gclid/yclid fill in source, medium and campaign when the utm_ ones are absent. */
export function utmFields(params: Map<string, ParamValue>, o: ResolvedOptions, referrer: string): SourceFields {
  const gclid = defined(params, 'gclid');
  const yclid = defined(params, 'yclid');
  const clickSource = gclid ? 'google' : yclid ? 'yandex' : NONE;
  const clickMedium = gclid || yclid ? 'cpc' : NONE;
  const clickCampaign = gclid ? 'google_cpc' : yclid ? 'yandex_cpc' : NONE;
  const orNone = (key: string) => text(params.get(key)) || NONE;
  return {
    type: 'utm',
    source: pick(params, ['utm_source'], clickSource),
    medium: pick(params, ['utm_medium'], clickMedium),
    campaign: pick(params, ['utm_campaign', o.campaignParam], clickCampaign),
    content: pick(params, ['utm_content', o.contentParam], NONE),
    term: pick(params, ['utm_term', o.termParam], yandexSearchText(referrer) || NONE),
    id: orNone('utm_id'),
    platform: orNone('utm_source_platform'),
    format: orNone('utm_creative_format'),
    tactic: orNone('utm_marketing_tactic'),
  };
}

/** The `text` GET value of a Yandex referrer, used as a last-resort utm term. */
function yandexSearchText(referrer: string): string {
  const parts = parseUri(referrer);
  if (!referrer || !parts.host || !YANDEX_HOST_ANY_CASE.test(parts.host)) return '';
  return text(getParams(parts.query).get('text'));
}

/** True when the referrer is on another site than the configured domain. */
export function isExternal(referrer: string, o: ResolvedOptions): boolean {
  if (o.domain.isolate) return getHost(referrer) !== getHost(o.domain.host);
  const internal = new RegExp(`^(?:.*\\.)?${escapeRegExp(o.domain.host)}$`, 'i');
  return !internal.test(getHost(referrer));
}

function hostRule(host: string): RegExp {
  return new RegExp(`^(?:.*\\.)?${escapeRegExp(host)}$`, 'i');
}

/** The organic source name for a search-engine referrer, or null. */
export function organicSource(referrer: string, o: ResolvedOptions): string | null {
  const { host, query } = parseUri(referrer);
  if (query && YANDEX_HOST.test(host) && /.*text=.*/.test(query)) return 'yandex';
  if (GOOGLE_HOST.test(host)) return 'google';
  if (!query) return null;
  for (const rule of o.organics) {
    const param = new RegExp(`.*${escapeRegExp(rule.param)}=.*`, 'i');
    if (hostRule(rule.host).test(host) && param.test(query)) return rule.display || rule.host;
  }
  return null;
}

function blank(type: string, source: string, medium: string, content = NONE): SourceFields {
  return {
    type,
    source,
    medium,
    campaign: NONE,
    content,
    term: NONE,
    id: NONE,
    platform: NONE,
    format: NONE,
    tactic: NONE,
  };
}

export function organicFields(source: string): SourceFields {
  return blank('organic', source, 'organic');
}

/** Referral fields: a matching rule renames source/medium; content is the referrer's path. */
export function referralFields(referrer: string, o: ResolvedOptions): SourceFields {
  const { host, path } = parseUri(referrer);
  const rule = o.referrals.find((r) => hostRule(r.host).test(host));
  const source = rule ? rule.display || rule.host : getHost(referrer);
  return blank('referral', source, rule?.medium || 'referral', path);
}

export function typeinFields(o: ResolvedOptions): SourceFields {
  return blank('typein', o.typein.source, o.typein.medium);
}
