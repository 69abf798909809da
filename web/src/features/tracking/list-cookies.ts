//! PixelYourSite's list and form cookies (spec §3, lifetimes §9): `productlist` (the product list
//! the shopper last saw products in), `select_prod_list` (the list a product was selected from,
//! so that product's page events carry item_list_id / item_list_name) and `form_track` (a
//! submitted form's tracking data, so its Form event is sent after the navigation the
//! submission causes). Their names and removal are list-cookie-names.ts (the app shell clears
//! them without loading this).

import { daysFrom, getTextCookie, setTextCookie, type CookieJar } from '@/lib/cookies';
import type { EventParams } from './types';

import { FORM_TRACK_COOKIE, LIST_COOKIE_DAYS, PRODUCT_LIST_COOKIE, SELECT_PROD_LIST_COOKIE } from './list-cookie-names';

/** A product list as GA4 names it. */
export interface ProductList {
  item_list_id: string;
  item_list_name: string;
}

/** The list one product was selected from. */
export interface SelectedProductList extends ProductList {
  product_id: string;
}

/** A submitted form's tracking data (the Form event's params). */
export interface FormTrack {
  form_id: string;
  form_class: string;
  text: string;
}

const text = (value: unknown): value is string => typeof value === 'string';

function readJson(jar: CookieJar, name: string): Record<string, unknown> | undefined {
  const raw = getTextCookie(jar, name);
  if (raw === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const oneDay = (now: number) => ({ path: '/', expires: daysFrom(now, LIST_COOKIE_DAYS) });

export function writeProductList(jar: CookieJar, list: ProductList, now: number): void {
  setTextCookie(jar, PRODUCT_LIST_COOKIE, JSON.stringify({ item_list_id: list.item_list_id, item_list_name: list.item_list_name }), oneDay(now));
}

export function readProductList(jar: CookieJar): ProductList | undefined {
  const v = readJson(jar, PRODUCT_LIST_COOKIE);
  return v && text(v.item_list_id) && text(v.item_list_name) ? { item_list_id: v.item_list_id, item_list_name: v.item_list_name } : undefined;
}

export function writeSelectedList(jar: CookieJar, selected: SelectedProductList, now: number): void {
  const value = { product_id: selected.product_id, item_list_id: selected.item_list_id, item_list_name: selected.item_list_name };
  setTextCookie(jar, SELECT_PROD_LIST_COOKIE, JSON.stringify(value), oneDay(now));
}

/** The list `productId` was selected from; undefined when the cookie names another product. */
export function readSelectedList(jar: CookieJar, productId: string): ProductList | undefined {
  const v = readJson(jar, SELECT_PROD_LIST_COOKIE);
  if (!v || v.product_id !== productId || !text(v.item_list_id) || !text(v.item_list_name)) return undefined;
  return { item_list_id: v.item_list_id, item_list_name: v.item_list_name };
}

/** form_track lives for the browser session: it only bridges one submission's navigation. */
export function writeFormTrack(jar: CookieJar, form: FormTrack): void {
  setTextCookie(jar, FORM_TRACK_COOKIE, JSON.stringify({ form_id: form.form_id, form_class: form.form_class, text: form.text }), { path: '/' });
}

/** Reads and removes form_track (its Form event is sent once). */
export function takeFormTrack(jar: CookieJar): FormTrack | undefined {
  const v = readJson(jar, FORM_TRACK_COOKIE);
  if (jar.get(FORM_TRACK_COOKIE) !== undefined) jar.remove(FORM_TRACK_COOKIE, { path: '/' });
  if (!v || !text(v.form_id) || !text(v.form_class) || !text(v.text)) return undefined;
  return { form_id: v.form_id, form_class: v.form_class, text: v.text };
}

export function formTrackParams(form: FormTrack): EventParams {
  return { form_id: form.form_id, form_class: form.form_class, text: form.text };
}
