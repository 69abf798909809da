//! Hidden pixels: a URL parameter rule hides a pixel id for `hide_tag_time` hours via a cookie.

import { hoursFrom, type CookieJar } from '@/lib/cookies';

export interface HidePixelRule {
  /** The pixel / tag id to hide. */
  pixelId: string;
  /** `key` (present with any value) or `key=value`. */
  params: string[];
  /** `hide_tag_time`. */
  hours: number;
}

export function hiddenPixelCookie(pixelId: string): string {
  return `hide_tag_${pixelId}`;
}

/** Whether the URL's query satisfies one `key` or `key=value` rule (decoded comparison). */
export function urlMatchesParam(href: string, rule: string): boolean {
  let search: URLSearchParams;
  try {
    search = new URL(href, 'https://x.invalid/').searchParams;
  } catch {
    return false;
  }
  const eq = rule.indexOf('=');
  if (eq === -1) return rule !== '' && search.has(rule);
  return search.getAll(rule.slice(0, eq)).includes(rule.slice(eq + 1));
}

/** Sets the hide cookie for every rule the URL matches; returns the pixel ids hidden now. */
export function applyHidePixelRules(jar: CookieJar, href: string, rules: HidePixelRule[], now: number): string[] {
  const hidden: string[] = [];
  for (const rule of rules) {
    if (rule.params.some((p) => urlMatchesParam(href, p))) {
      jar.set(hiddenPixelCookie(rule.pixelId), 'true', { expires: hoursFrom(now, rule.hours), path: '/' });
      hidden.push(rule.pixelId);
    }
  }
  return hidden;
}

export function isPixelHidden(jar: CookieJar, pixelId: string): boolean {
  return jar.get(hiddenPixelCookie(pixelId)) !== undefined;
}
