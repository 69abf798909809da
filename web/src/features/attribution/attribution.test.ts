import { MemoryCookieJar, type CookieAttributes, type CookieJar } from '@/lib/cookies';
import { applyAttribution, ATTRIBUTION_COOKIES, deleteAttributionCookies } from './attribution';

const T0 = Date.UTC(2025, 2, 10, 12, 0);
const page = { href: 'https://www.shop.example.com/?utm_source=a', referrer: '', userAgent: 'UA' };

describe('applyAttribution', () => {
  it('initialises sourcebuster and visit cookies when on', () => {
    const jar = new MemoryCookieJar(() => T0);
    const result = applyAttribution(
      { jar, page, now: () => T0 },
      { enabled: true, visits: { siteUrl: 'https://www.shop.example.com' } },
    );
    expect(result.sourcebuster?.current.src).toBe('a');
    expect(result.visit).toEqual({ newSession: true, firstVisit: true });
    expect(jar.names()).toEqual(expect.arrayContaining(['sbjs_current', 'pys_first_visit', 'pys_utm_source']));
  });

  it('skips visit cookies when they are not configured', () => {
    const jar = new MemoryCookieJar(() => T0);
    expect(applyAttribution({ jar, page, now: () => T0 }, { enabled: true }).visit).toBeNull();
    expect(jar.get('pys_first_visit')).toBeUndefined();
  });

  it('deletes every attribution cookie when switched off', () => {
    const jar = new MemoryCookieJar(() => T0);
    applyAttribution({ jar, page, now: () => T0 }, { enabled: true, visits: { siteUrl: 'x' } });
    jar.set('unrelated', '1');
    const result = applyAttribution({ jar, page, now: () => T0 }, { enabled: false });
    expect(result).toEqual({ sourcebuster: null, visit: null });
    expect(jar.names()).toEqual(['unrelated']);
  });
});

describe('deleteAttributionCookies', () => {
  it('also deletes with the www-less domain sourcebuster used', () => {
    const removed: Array<[string, string | undefined]> = [];
    const spy: CookieJar = {
      get: () => undefined,
      set: () => undefined,
      names: () => [],
      remove: (name: string, a?: Pick<CookieAttributes, 'domain' | 'path'>) => void removed.push([name, a?.domain]),
    };
    deleteAttributionCookies(spy, 'www.shop.example.com');
    expect(removed).toContainEqual(['sbjs_current', '.shop.example.com']);
    expect(removed).toContainEqual(['sbjs_current', '.www.shop.example.com']);
    expect(removed).toContainEqual(['sbjs_current', undefined]);
    expect(new Set(removed.map(([n]) => n))).toEqual(new Set(ATTRIBUTION_COOKIES));
  });
});
