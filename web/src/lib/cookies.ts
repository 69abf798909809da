//! First-party cookie access behind a small `CookieJar` interface (document.cookie or in-memory).

/** Attributes of a cookie write. `expires` absent means a browser-session cookie. */
export interface CookieAttributes {
  expires?: Date;
  domain?: string;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
  secure?: boolean;
}

/**
 * Raw cookie access. Values are stored and returned exactly as they appear in the
 * `Cookie` header: callers choose the encoding (sourcebuster and js-cookie differ).
 */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, attributes?: CookieAttributes): void;
  remove(name: string, attributes?: Pick<CookieAttributes, 'domain' | 'path'>): void;
  names(): string[];
}

const DAY_MS = 86_400_000;

/** A date `days` days after `now` (ms since epoch); fractional days are allowed. */
export function daysFrom(now: number, days: number): Date {
  return new Date(now + days * DAY_MS);
}

/** A date `hours` hours after `now` (ms since epoch). */
export function hoursFrom(now: number, hours: number): Date {
  return new Date(now + hours * 3_600_000);
}

/** A date `minutes` minutes after `now` (ms since epoch). */
export function minutesFrom(now: number, minutes: number): Date {
  return new Date(now + minutes * 60_000);
}

/** Serialises one `Set-Cookie`-style string for `document.cookie`. */
export function serializeCookie(name: string, value: string, a: CookieAttributes = {}): string {
  let out = `${name}=${value}`;
  if (a.expires) out += `; expires=${a.expires.toUTCString()}`;
  if (a.domain) out += `; domain=${a.domain}`;
  out += `; path=${a.path ?? '/'}`;
  if (a.sameSite) out += `; SameSite=${a.sameSite}`;
  if (a.secure) out += '; Secure';
  return out;
}

/** Splits a `Cookie` header into name → raw value; the first occurrence of a name wins. */
export function parseCookieHeader(header: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of header.split(';')) {
    const trimmed = part.replace(/^\s+/, '');
    if (!trimmed) continue;
    const eq = trimmed.indexOf('=');
    const name = eq === -1 ? trimmed : trimmed.slice(0, eq);
    const value = eq === -1 ? '' : trimmed.slice(eq + 1);
    if (!out.has(name)) out.set(name, value);
  }
  return out;
}

/** The browser's cookie jar. Writes default to `path=/; SameSite=Lax`. */
export function documentCookieJar(doc: Document = document): CookieJar {
  return {
    get: (name) => parseCookieHeader(doc.cookie).get(name),
    set: (name, value, attributes = {}) => {
      doc.cookie = serializeCookie(name, value, { sameSite: 'Lax', ...attributes });
    },
    remove: (name, attributes = {}) => {
      doc.cookie = serializeCookie(name, '', { ...attributes, expires: new Date(0) });
    },
    names: () => [...parseCookieHeader(doc.cookie).keys()],
  };
}

/** One recorded write, in order, for tests that check byte-exact values and write order. */
export interface CookieWrite {
  name: string;
  value: string;
  attributes: CookieAttributes;
}

interface StoredCookie {
  value: string;
  attributes: CookieAttributes;
}

/**
 * An in-memory jar with an injectable clock. Expired cookies disappear on read; cookies
 * without `expires` live until `endBrowserSession()`. Domain and path are recorded but a
 * cookie is identified by its name only (one site, path `/`).
 */
export class MemoryCookieJar implements CookieJar {
  readonly writes: CookieWrite[] = [];
  private readonly store = new Map<string, StoredCookie>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  get(name: string): string | undefined {
    const stored = this.store.get(name);
    if (!stored) return undefined;
    if (this.expired(stored)) {
      this.store.delete(name);
      return undefined;
    }
    return stored.value;
  }

  set(name: string, value: string, attributes: CookieAttributes = {}): void {
    this.writes.push({ name, value, attributes });
    const stored = { value, attributes };
    if (this.expired(stored)) this.store.delete(name);
    else this.store.set(name, stored);
  }

  remove(name: string): void {
    this.store.delete(name);
  }

  names(): string[] {
    return [...this.store.keys()].filter((name) => this.get(name) !== undefined);
  }

  /** Attributes of the live cookie `name`, if any. */
  attributes(name: string): CookieAttributes | undefined {
    return this.get(name) === undefined ? undefined : this.store.get(name)?.attributes;
  }

  /** Drops every cookie without an expiry date, like closing the browser. */
  endBrowserSession(): void {
    for (const [name, stored] of this.store) {
      if (!stored.attributes.expires) this.store.delete(name);
    }
  }

  private expired(stored: StoredCookie): boolean {
    const expires = stored.attributes.expires;
    return expires !== undefined && expires.getTime() <= this.now();
  }
}

// js-cookie's converter: percent-encode, then un-escape the characters that are legal in a
// cookie value so URLs stay readable (`https://shop.example.com/` is stored as-is).
const READABLE = /%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g;

/** Encodes text for a cookie value the way js-cookie (used by PixelYourSite) does. */
export function encodeCookieText(value: string): string {
  return encodeURIComponent(value).replace(READABLE, (seq) => decodeURIComponent(seq));
}

/** Decodes a js-cookie style value; malformed escapes are left as they are. */
export function decodeCookieText(raw: string): string {
  return raw.replace(/(%[\dA-F]{2})+/gi, (seq) => {
    try {
      return decodeURIComponent(seq);
    } catch {
      return seq;
    }
  });
}

/** Reads a text cookie written with `setTextCookie`. */
export function getTextCookie(jar: CookieJar, name: string): string | undefined {
  const raw = jar.get(name);
  return raw === undefined ? undefined : decodeCookieText(raw);
}

/** Writes a text cookie with js-cookie compatible encoding. */
export function setTextCookie(
  jar: CookieJar,
  name: string,
  value: string,
  attributes?: CookieAttributes,
): void {
  jar.set(name, encodeCookieText(value), attributes);
}
