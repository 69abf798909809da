//! The identifier cookies tracking writes only with marketing consent (pbid, the captured form
//! fields, Meta's _fbp and _fbc), and their removal when marketing is not allowed: small, so the
//! app shell can clear them without loading the tracking itself.

import type { CookieJar } from '@/lib/cookies';

export const PBID_COOKIE = 'pbid';
export const ADVANCED_FORM_COOKIE = 'pys_advanced_form_data';
export const META_COOKIES = ['_fbp', '_fbc'] as const;

/** Removes every identifier cookie (marketing not allowed). */
export function removeIdentifierCookies(jar: CookieJar): void {
  for (const name of [PBID_COOKIE, ADVANCED_FORM_COOKIE, ...META_COOKIES]) jar.remove(name, { path: '/' });
}
