//! The list and form cookies' names and their removal (list-cookies.ts reads and writes them):
//! small, so the app shell can clear them before consent without loading the tracking.

import type { CookieJar } from '@/lib/cookies';

export const PRODUCT_LIST_COOKIE = 'productlist';
export const SELECT_PROD_LIST_COOKIE = 'select_prod_list';
export const FORM_TRACK_COOKIE = 'form_track';
/** Spec §9: productlist and select_prod_list live 1 day. */
export const LIST_COOKIE_DAYS = 1;
export const LIST_COOKIES = [PRODUCT_LIST_COOKIE, SELECT_PROD_LIST_COOKIE] as const;

/** Removes the list cookies (analytics not allowed, or a cookie-disable option). */
export function removeListCookies(jar: CookieJar): void {
  for (const name of LIST_COOKIES) jar.remove(name, { path: '/' });
}

/** Removes every list and form cookie (nothing may be tracked). */
export function removeListAndFormCookies(jar: CookieJar): void {
  removeListCookies(jar);
  jar.remove(FORM_TRACK_COOKIE, { path: '/' });
}
