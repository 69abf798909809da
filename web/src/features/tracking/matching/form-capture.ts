//! Advanced matching from forms: e-mail, phone and names typed by the visitor, kept 300 days.

import { daysFrom, getTextCookie, setTextCookie, type CookieJar } from '@/lib/cookies';
import { ADVANCED_FORM_COOKIE } from '../identifier-cookies';
import type { AdvancedMatching } from '../providers/types';
import { digitCount, isValidEmail, normalizePhone } from './validation';

export { ADVANCED_FORM_COOKIE };
export const ADVANCED_FORM_DAYS = 300;

export interface FormData {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

/** Configurable field-name lists (PixelYourSite's defaults; phone adds the checkout's). */
export interface FieldLists {
  firstName: string[];
  lastName: string[];
  phone: string[];
  email: string[];
}

export const DEFAULT_FIELD_LISTS: FieldLists = {
  firstName: ['first_name', 'first-name', 'first name', 'name', 'billing_first_name'],
  lastName: ['last_name', 'last-name', 'last name', 'billing_last_name'],
  phone: ['phone', 'tel', 'billing_phone'],
  email: ['email', 'billing_email'],
};

const EMPTY: FormData = { first_name: '', last_name: '', email: '', phone: '' };

export function readFormData(jar: CookieJar): FormData {
  const text = getTextCookie(jar, ADVANCED_FORM_COOKIE);
  if (!text) return { ...EMPTY };
  try {
    const parsed = JSON.parse(text) as Partial<Record<keyof FormData, unknown>>;
    const pick = (key: keyof FormData) => (typeof parsed[key] === 'string' ? (parsed[key] as string) : '');
    return { first_name: pick('first_name'), last_name: pick('last_name'), email: pick('email'), phone: pick('phone') };
  } catch {
    return { ...EMPTY };
  }
}

export interface CapturedField {
  name: string;
  type: string;
  value: string;
}

const inList = (list: string[], name: string) => list.some((entry) => entry.toLowerCase() === name.toLowerCase());

/**
 * What one blurred field contributes: a valid e-mail (lowercased, trimmed), a phone with more
 * than five digits (separators removed), or a non-empty name from a configured field.
 */
export function captureField(field: CapturedField, lists: FieldLists = DEFAULT_FIELD_LISTS): Partial<FormData> | null {
  const value = field.value.trim();
  if (field.type === 'email' || inList(lists.email, field.name)) {
    const email = value.toLowerCase();
    return isValidEmail(email) ? { email } : null;
  }
  if (field.type === 'tel' || inList(lists.phone, field.name)) {
    return digitCount(value) > 5 ? { phone: normalizePhone(value) } : null;
  }
  if (!value) return null;
  if (inList(lists.firstName, field.name)) return { first_name: value };
  if (inList(lists.lastName, field.name)) return { last_name: value };
  return null;
}

/** Merges and stores the form data cookie for 300 days. */
export function saveFormData(jar: CookieJar, patch: Partial<FormData>, now: number): FormData {
  const next = { ...readFormData(jar), ...patch };
  setTextCookie(jar, ADVANCED_FORM_COOKIE, JSON.stringify(next), { expires: daysFrom(now, ADVANCED_FORM_DAYS), path: '/' });
  return next;
}

/**
 * Saves matching fields as the visitor leaves them (focusout bubbles, blur does not), but only
 * while `allowed()` says so (marketing consent).
 */
export function attachFormCapture(
  doc: Document,
  jar: CookieJar,
  now: () => number,
  lists: FieldLists = DEFAULT_FIELD_LISTS,
  allowed: () => boolean = () => true,
): () => void {
  const listener = (e: Event) => {
    const input = e.target;
    if (!(input instanceof HTMLInputElement) || !allowed()) return;
    const patch = captureField({ name: input.name, type: input.type, value: input.value }, lists);
    if (patch) saveFormData(jar, patch, now());
  };
  doc.addEventListener('focusout', listener, true);
  return () => doc.removeEventListener('focusout', listener, true);
}

/** Advanced matching for providers and server events: form data plus the pbid. */
export function advancedMatchingFrom(jar: CookieJar): AdvancedMatching {
  const data = readFormData(jar);
  const pbid = getTextCookie(jar, 'pbid');
  const entries = Object.entries({
    email: data.email,
    phone: data.phone,
    first_name: data.first_name,
    last_name: data.last_name,
    external_id: pbid,
  }).filter(([, v]) => v);
  return Object.fromEntries(entries) as AdvancedMatching;
}
