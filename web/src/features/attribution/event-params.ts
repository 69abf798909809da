//! The attribution params every tracking event carries (spec §3 "traffic_source", §5 slug
//! cleaning): the visit's traffic source and UTM values, e-mail-like values removed first, then
//! each value cleaned to a slug so reports group "Newsletter", "newsletter " and "news.letter".

import { getTextCookie, type CookieJar } from '@/lib/cookies';
import { readUtms, withoutEmail } from './pys-cookies';
import { cleanSlug } from './slug';

/** UTM cookies hold the query value as it came (`Big%20Sale`, `Big+Sale`): decoded before cleaning. */
function decoded(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** `traffic_source` and `utm_*` for an event; empty when attribution wrote no cookies. */
export function eventAttributionParams(jar: CookieJar): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (key: string, raw: string | undefined) => {
    const slug = raw === undefined ? '' : cleanSlug(decoded(raw));
    if (slug !== '') out[key] = slug;
  };
  put('traffic_source', withoutEmail(getTextCookie(jar, 'pysTrafficSource') || undefined));
  for (const [term, value] of Object.entries(readUtms(jar))) put(term, withoutEmail(decoded(value)));
  return out;
}
