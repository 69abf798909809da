//! The checkout's attribution (tracking.md "Hidden checkout fields", issue 18 item 7a): the
//! hidden inputs the attribution feature computes from this visit's cookies, and the
//! `attribution` object the order is placed with. With tracking off or not allowed there are
//! no sourcebuster cookies: the WooCommerce inputs are empty and only the device is sent
//! (the server adds what its own visitor session knows).

import { checkoutFields, readSourcebuster, type SourcebusterData } from '@/features/attribution';
import { NO_ATTRIBUTION } from '@/features/checkout';
import { readEmbeddedConfig } from '@/features/tracking';
import type { AttributionFields } from '@/lib/api/types';
import { documentCookieJar, type CookieJar } from '@/lib/cookies';

/** WooCommerce's order attribution device types, from the user agent as its script reads it. */
export function deviceType(userAgent: string): 'Mobile' | 'Tablet' | 'Desktop' {
  if (/(tablet|ipad|playbook|silk)|(android(?!.*mobi))/i.test(userAgent)) return 'Tablet';
  if (/Mobile|iP(hone|od)|Android|BlackBerry|IEMobile|Kindle|Silk-Accelerated|(hpw|web)OS|Opera M(obi|ini)/.test(userAgent)) return 'Mobile';
  return 'Desktop';
}

function text(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function count(value: string | undefined): number | undefined {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** The `attribution` object of `POST /checkout` from sourcebuster's containers. */
export function attributionFrom(data: SourcebusterData | null, userAgent: string): AttributionFields {
  const fields: AttributionFields = { ...NO_ATTRIBUTION, device_type: deviceType(userAgent) };
  if (!data) return fields;
  const { current, current_add, session, udata } = data;
  const entries: Array<[keyof AttributionFields, string | number | undefined]> = [
    ['source_type', text(current.typ)],
    ['source', text(current.src)],
    ['medium', text(current.mdm)],
    ['campaign', text(current.cmp)],
    ['content', text(current.cnt)],
    ['term', text(current.trm)],
    ['landing_page', text(current_add.ep)],
    ['referrer', text(current_add.rf)],
    ['session_pages', count(session.pgs)],
    ['session_count', count(udata.vst)],
  ];
  for (const [key, value] of entries) if (value !== undefined) (fields as Record<string, unknown>)[key] = value;
  return fields;
}

/** Sourcebuster's data, or null when this visit has none (tracking off, not allowed, blocked). */
export function sourcebusterOf(jar: CookieJar): SourcebusterData | null {
  const data = readSourcebuster(jar);
  return data.current.typ ? data : null;
}

export interface CheckoutAttribution {
  hiddenFields: Record<string, string>;
  attribution(): AttributionFields;
}

export function checkoutAttribution(env: { win?: Window; jar?: CookieJar; now?: () => Date } = {}): CheckoutAttribution {
  const win = env.win ?? window;
  const jar = env.jar ?? documentCookieJar(win.document);
  const config = readEmbeddedConfig(win, { warn: () => {} });
  const data = sourcebusterOf(jar);
  const hiddenFields = checkoutFields({
    jar,
    now: env.now?.() ?? new Date(),
    sourcebuster: data,
    prefix: config?.attribution.prefix,
    enabled: Boolean(config?.attribution.enabled) && data !== null,
  });
  return {
    hiddenFields,
    // Read at the press: the cookies may have moved on while the shopper typed.
    attribution: () => attributionFrom(sourcebusterOf(jar), win.navigator.userAgent),
  };
}
