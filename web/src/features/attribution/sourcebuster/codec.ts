//! Byte-exact sourcebuster cookie encoding: `|||`-packed fields, extra escaping, optional base64.

import type { CookieJar } from '@/lib/cookies';

/** Field separator inside every `sbjs_*` cookie value (research §1.3). */
export const DELIMITER = '|||';

const EXTRA_ESCAPES: ReadonlyArray<readonly [string, string]> = [
  ['!', '%21'],
  ['~', '%7E'],
  ['*', '%2A'],
  ["'", '%27'],
  ['(', '%28'],
  [')', '%29'],
];

/** `encodeURIComponent` plus `! ~ * ' ( )` escaped, as sourcebuster writes names and values. */
export function encodeData(value: string): string {
  let out = encodeURIComponent(value);
  for (const [char, escaped] of EXTRA_ESCAPES) out = out.split(char).join(escaped);
  return out;
}

/**
 * Reverse of `encodeData`: decode, then turn the six extra escapes back even when they were
 * literal text; on a malformed sequence fall back to `unescape`, as the original does.
 */
export function decodeData(value: string): string {
  try {
    let out = decodeURIComponent(value);
    for (const [char, escaped] of EXTRA_ESCAPES) out = out.split(escaped).join(char);
    return out;
  } catch {
    return unescape(value);
  }
}

const BASE64_ONLY = /^[A-Za-z0-9+/]+$/;

/** How one container is written: lifetime in minutes (0 = browser session) and domain. */
export interface WriteTarget {
  jar: CookieJar;
  now: number;
  domain: string;
  isolate: boolean;
  base64: boolean;
}

/** Writes a container like sourcebuster's `cookies.set` (expiry only when minutes ≠ 0). */
export function writeContainer(t: WriteTarget, name: string, value: string, minutes: number): void {
  let content = encodeData(value);
  if (t.base64) content = btoa(content).replace(/=+$/, '');
  t.jar.set(encodeData(name), content, {
    ...(minutes ? { expires: new Date(t.now + minutes * 60_000) } : {}),
    ...(t.domain && !t.isolate ? { domain: `.${t.domain}` } : {}),
    path: '/',
  });
}

/**
 * Reads and decodes a container; `null` when absent. Like the WooCommerce fork, any value made
 * only of base64 characters is base64-decoded first, whatever the `base64` option says.
 */
export function readContainer(jar: CookieJar, name: string): string | null {
  const raw = jar.get(encodeData(name));
  if (raw === undefined) return null;
  let content = raw;
  if (BASE64_ONLY.test(content)) {
    try {
      content = atob(content.padEnd(content.length + ((4 - (content.length % 4)) % 4), '='));
    } catch {
      // not base64 after all: keep the raw value
    }
  }
  return decodeData(content);
}

/** Joins `key=value` pairs with the delimiter; values are inserted raw, never escaped. */
export function pack(fields: ReadonlyArray<readonly [string, string]>): string {
  return fields.map(([key, value]) => `${key}=${value}`).join(DELIMITER);
}

/**
 * Splits a decoded container into fields: first `=` separates key from value, later duplicate
 * keys win, and each value is decoded a second time (research §1.3 step 5).
 */
export function unpack(decoded: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!decoded) return out;
  for (const token of decoded.split(DELIMITER)) {
    const [key = '', ...rest] = token.split('=');
    out[key] = decodeData(rest.join('='));
  }
  return out;
}
