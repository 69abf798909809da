//! Hidden checkout inputs: PixelYourSite enrichment fields and WooCommerce order attribution fields.

import { getTextCookie, type CookieJar } from '@/lib/cookies';
import { AD_CLICK_IDS, UTM_TERMS, readAdClickIds, readUtms } from './pys-cookies';
import type { SourcebusterData } from './sourcebuster/run';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `hh-hh|Weekday|Month` in the browser's local time, e.g. `09-10|Monday|March`. */
export function browserTime(date: Date): string {
  const h = date.getHours();
  const bucket = `${String(h).padStart(2, '0')}-${String(h + 1).padStart(2, '0')}`;
  return [bucket, DAYS[date.getDay()], MONTHS[date.getMonth()]].join('|');
}

/** `name:value|…`; a missing value is the literal `undefined`, as PixelYourSite posts it. */
function joinPairs(names: readonly string[], values: Partial<Record<string, string>>): string {
  return names.map((name) => `${name}:${values[name] ?? 'undefined'}`).join('|');
}

export interface PysFieldsInput {
  jar: CookieJar;
  now: Date;
  /** `wcf-optin` for a CartFlows opt-in form, otherwise `normal`. */
  orderType?: 'normal' | 'wcf-optin';
}

/** PixelYourSite's enrichment inputs (`pys_utm`, `pys_landing`, `last_pys_*`, …). */
export function pysCheckoutFields({ jar, now, orderType = 'normal' }: PysFieldsInput): Record<string, string> {
  const text = (name: string) => getTextCookie(jar, name) ?? 'undefined';
  return {
    pys_utm: joinPairs(UTM_TERMS, readUtms(jar)),
    pys_utm_id: joinPairs(AD_CLICK_IDS, readAdClickIds(jar)),
    pys_browser_time: browserTime(now),
    pys_landing: text('pys_landing_page'),
    pys_source: text('pysTrafficSource'),
    pys_order_type: orderType,
    last_pys_landing: text('last_pys_landing_page'),
    last_pys_source: text('last_pysTrafficSource'),
    last_pys_utm: joinPairs(UTM_TERMS, readUtms(jar, true)),
    last_pys_utm_id: joinPairs(AD_CLICK_IDS, readAdClickIds(jar, true)),
  };
}

/** WooCommerce's default prefix for order attribution inputs. */
export const DEFAULT_ATTRIBUTION_PREFIX = 'wc_order_attribution_';

/** Field → sourcebuster accessor, in WooCommerce's order (research §2.1). */
export const ORDER_ATTRIBUTION_FIELDS: ReadonlyArray<readonly [string, keyof SourcebusterData, string]> = [
  ['source_type', 'current', 'typ'],
  ['referrer', 'current_add', 'rf'],
  ['utm_campaign', 'current', 'cmp'],
  ['utm_source', 'current', 'src'],
  ['utm_medium', 'current', 'mdm'],
  ['utm_content', 'current', 'cnt'],
  ['utm_id', 'current', 'id'],
  ['utm_term', 'current', 'trm'],
  ['utm_source_platform', 'current', 'plt'],
  ['utm_creative_format', 'current', 'fmt'],
  ['utm_marketing_tactic', 'current', 'tct'],
  ['session_entry', 'current_add', 'ep'],
  ['session_start_time', 'current_add', 'fd'],
  ['session_pages', 'session', 'pgs'],
  ['session_count', 'udata', 'vst'],
  ['user_agent', 'udata', 'uag'],
];

/** Trims underscores and appends one, as WooCommerce normalises its prefix filter. */
export function normalizePrefix(prefix: string): string {
  return `${prefix.replace(/^_+|_+$/g, '')}_`;
}

/**
 * WooCommerce order attribution inputs. With no sourcebuster data (tracking not allowed or
 * blocked) every value is empty, which the server stores as "no attribution".
 */
export function orderAttributionFields(
  data: SourcebusterData | null,
  prefix: string = DEFAULT_ATTRIBUTION_PREFIX,
): Record<string, string> {
  const p = normalizePrefix(prefix);
  const out: Record<string, string> = {};
  for (const [field, container, alias] of ORDER_ATTRIBUTION_FIELDS) {
    out[p + field] = data?.[container][alias] ?? '';
  }
  return out;
}

export interface CheckoutFieldsInput extends PysFieldsInput {
  sourcebuster: SourcebusterData | null;
  prefix?: string;
  /** False when attribution is switched off: only the WooCommerce fields, all empty. */
  enabled?: boolean;
}

/** All hidden checkout inputs, name → value, ready to render as `<input type="hidden">`. */
export function checkoutFields(input: CheckoutFieldsInput): Record<string, string> {
  if (input.enabled === false) return orderAttributionFields(null, input.prefix);
  return { ...pysCheckoutFields(input), ...orderAttributionFields(input.sourcebuster, input.prefix) };
}
