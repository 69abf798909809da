//! Cookie guards: an event fires once per time window, a purchase once per order.

import { daysFrom, hoursFrom, type CookieJar } from '@/lib/cookies';

export function timeWindowCookie(key: string): string {
  return `vitrine_tw_${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/**
 * True when the event may fire now: no time window, or none fired within `hours`. Firing
 * stamps the cookie with the time, lasting `hours`.
 */
export function passTimeWindow(jar: CookieJar, key: string, hours: number | undefined, now: number): boolean {
  if (!hours || hours <= 0) return true;
  const name = timeWindowCookie(key);
  const last = Number(jar.get(name));
  if (Number.isFinite(last) && last > 0 && now - last <= hours * 3_600_000) return false;
  jar.set(name, String(now), { expires: hoursFrom(now, hours), path: '/' });
  return true;
}

export function purchaseCookie(key: string): string {
  return `vitrine_${key.replace(/[^A-Za-z0-9_-]/g, '_')}_order_id`;
}

/** True the first time for an order id; the order id is remembered for one day. */
export function passOncePerOrder(jar: CookieJar, key: string, orderId: string, now: number): boolean {
  const name = purchaseCookie(key);
  if (jar.get(name) === encodeURIComponent(orderId)) return false;
  jar.set(name, encodeURIComponent(orderId), { expires: daysFrom(now, 1), path: '/' });
  return true;
}
