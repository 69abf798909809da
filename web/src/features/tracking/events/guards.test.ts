import { MemoryCookieJar } from '@/lib/cookies';
import { passOncePerOrder, passTimeWindow, purchaseCookie, timeWindowCookie } from './guards';

const T0 = Date.UTC(2025, 2, 10, 12, 0);
const HOUR = 3_600_000;

describe('time window guard', () => {
  it('lets an event without a window always fire', () => {
    const jar = new MemoryCookieJar(() => T0);
    expect(passTimeWindow(jar, 'Lead', undefined, T0)).toBe(true);
    expect(passTimeWindow(jar, 'Lead', 0, T0)).toBe(true);
    expect(jar.names()).toEqual([]);
  });

  it('fires once per window of hours using a cookie that lasts the window', () => {
    let now = T0;
    const jar = new MemoryCookieJar(() => now);
    expect(passTimeWindow(jar, 'PageView', 2, now)).toBe(true);
    expect(jar.attributes(timeWindowCookie('PageView'))?.expires).toEqual(new Date(T0 + 2 * HOUR));
    now = T0 + HOUR;
    expect(passTimeWindow(jar, 'PageView', 2, now)).toBe(false);
    now = T0 + 2 * HOUR + 1;
    expect(passTimeWindow(jar, 'PageView', 2, now)).toBe(true);
  });
});

describe('purchase once guard', () => {
  it('fires once per order and forgets after a day', () => {
    let now = T0;
    const jar = new MemoryCookieJar(() => now);
    expect(passOncePerOrder(jar, 'Purchase', '1001', now)).toBe(true);
    expect(passOncePerOrder(jar, 'Purchase', '1001', now)).toBe(false);
    expect(jar.attributes(purchaseCookie('Purchase'))?.expires).toEqual(new Date(T0 + 24 * HOUR));
    now = T0 + 24 * HOUR;
    expect(passOncePerOrder(jar, 'Purchase', '1001', now)).toBe(true);
  });

  it('lets a different order fire', () => {
    const jar = new MemoryCookieJar(() => T0);
    passOncePerOrder(jar, 'Purchase', '1', T0);
    expect(passOncePerOrder(jar, 'Purchase', '2', T0)).toBe(true);
  });
});
