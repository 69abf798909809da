//! E-mail hygiene: no e-mail address leaves the browser inside UTM values or link text.

import type { EventParams } from '../types';

const EMAIL_LIKE = /^\s*[^\s@]+@[^\s@]+\.[^\s@.]{2,}\s*$/;
const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,63}/g;

export function isEmailLike(value: string): boolean {
  return EMAIL_LIKE.test(value);
}

/** Removes every e-mail address inside a text and tidies the spaces left behind. */
export function stripEmails(text: string): string {
  return text.replace(EMAIL_IN_TEXT, '').replace(/\s{2,}/g, ' ').trim();
}

const TEXT_KEYS = new Set(['text', 'link_text', 'event_label']);

/** Drops e-mail-like UTM and traffic-source values and strips e-mails from link texts. */
export function scrubParams(params: EventParams): EventParams {
  const out: EventParams = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string' && (key.startsWith('utm_') || key === 'traffic_source') && isEmailLike(value)) continue;
    out[key] = typeof value === 'string' && TEXT_KEYS.has(key) ? stripEmails(value) : value;
  }
  return out;
}
