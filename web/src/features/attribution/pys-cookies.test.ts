import { MemoryCookieJar, getTextCookie } from '@/lib/cookies';
import {
  disabledVisitCookies,
  manageVisitCookies,
  PYS_ATTRIBUTION_COOKIES,
  queryVars,
  readAdClickIds,
  readUtms,
  trafficSource,
  withoutEmail,
  type VisitCookieOptions,
} from './pys-cookies';

const T0 = Date.UTC(2025, 2, 10, 12, 0);
const SITE = 'https://shop.example.com';
const OPTIONS: VisitCookieOptions = { siteUrl: SITE };

function visitor() {
  let now = T0;
  const jar = new MemoryCookieJar(() => now);
  return {
    jar,
    visit(minutes: number, path: string, referrer = '', options = OPTIONS) {
      now = T0 + minutes * 60_000;
      return manageVisitCookies(jar, { href: SITE + path, referrer }, now, options);
    },
    text: (name: string) => getTextCookie(jar, name),
  };
}

describe('trafficSource', () => {
  it('is direct without a referrer or for an internal one', () => {
    expect(trafficSource('', SITE)).toBe('direct');
    expect(trafficSource('https://shop.example.com/cart', SITE)).toBe('direct');
  });

  it('keeps only the domain of an external referrer, without www', () => {
    expect(trafficSource('https://www.google.com/search?q=x', SITE)).toBe('google.com');
    expect(trafficSource('http://news.ycombinator.com/item', SITE)).toBe('news.ycombinator.com');
  });
});

describe('queryVars', () => {
  it('keeps raw values of pairs with an equals sign and the last duplicate', () => {
    const vars = queryVars('https://s/p?utm_source=a&utm_source=b&flag&utm_term=x%20y#frag');
    expect(vars.get('utm_source')).toBe('b');
    expect(vars.has('flag')).toBe(false);
    expect(vars.get('utm_term')).toBe('x%20y');
  });
});

describe('manageVisitCookies', () => {
  it('records first visit, landing page without query, source, utms and click ids', () => {
    const v = visitor();
    const result = v.visit(0, '/shoes?utm_source=news&utm_medium=email&gadid=g1', 'https://www.google.com/');
    expect(result).toEqual({ newSession: true, firstVisit: true });
    expect(v.text('pys_first_visit')).toBe('true');
    expect(v.text('pys_landing_page')).toBe('https://shop.example.com/shoes');
    expect(v.text('pysTrafficSource')).toBe('google.com');
    expect(v.text('pys_utm_source')).toBe('news');
    expect(v.text('pys_gadid')).toBe('g1');
    expect(v.text('last_pys_landing_page')).toBe('https://shop.example.com/shoes');
    expect(v.jar.attributes('pys_first_visit')?.expires).toEqual(new Date(T0 + 7 * 86_400_000));
  });

  it('starts a fixed 60-minute session with a browser-session companion cookie', () => {
    const v = visitor();
    v.visit(0, '/');
    expect(v.jar.attributes('pys_session_limit')?.expires).toEqual(new Date(T0 + 60 * 60_000));
    expect(v.jar.attributes('pys_start_session')?.expires).toBeUndefined();
    expect(v.visit(30, '/a').newSession).toBe(false);
    expect(v.jar.attributes('pys_session_limit')?.expires).toEqual(new Date(T0 + 60 * 60_000));
  });

  it('keeps first-visit data but rewrites last-visit data at the next session', () => {
    const v = visitor();
    v.visit(0, '/?utm_source=first');
    const second = v.visit(61, '/sale?utm_campaign=spring', 'https://t.co/x');
    expect(second).toEqual({ newSession: true, firstVisit: false });
    expect(v.text('pys_utm_source')).toBe('first');
    expect(v.text('last_pys_utm_source')).toBeUndefined();
    expect(v.text('last_pys_utm_campaign')).toBe('spring');
    expect(v.text('last_pysTrafficSource')).toBe('t.co');
    expect(v.text('pysTrafficSource')).toBe('direct');
  });

  it('starts a new session when the browser-session cookie is gone', () => {
    const v = visitor();
    v.visit(0, '/');
    v.jar.endBrowserSession();
    expect(v.visit(5, '/').newSession).toBe(true);
  });

  it('honours the landing-page option and per-cookie disable flags', () => {
    const v = visitor();
    v.visit(0, '/?utm_source=x&fbadid=1', 'https://a.example/', {
      ...OPTIONS,
      landingPage: false,
      disabled: { trafficSource: true, utmTerms: true, utmId: true, firstVisit: true },
    });
    for (const name of ['pys_landing_page', 'pysTrafficSource', 'pys_utm_source', 'pys_fbadid', 'pys_first_visit']) {
      expect(v.text(name), name).toBeUndefined();
    }
  });

  it('removes the session cookies when start-session cookies are disabled', () => {
    const v = visitor();
    v.visit(0, '/');
    v.visit(1, '/', '', { ...OPTIONS, disabled: { startSession: true } });
    expect(v.text('pys_session_limit')).toBeUndefined();
    expect(v.text('pys_start_session')).toBeUndefined();
  });

  it('writes nothing and removes everything when all cookies are disabled', () => {
    const v = visitor();
    v.visit(0, '/?utm_source=x');
    v.visit(1, '/', '', { ...OPTIONS, disabled: { all: true } });
    expect(v.jar.names()).toEqual([]);
  });

  it('writes the configured cookie domain', () => {
    const v = visitor();
    v.visit(0, '/', '', { ...OPTIONS, domain: '.example.com' });
    expect(v.jar.attributes('pys_first_visit')?.domain).toBe('.example.com');
  });
});

describe('disabledVisitCookies', () => {
  it('lists the cookie names each flag switches off', () => {
    expect(disabledVisitCookies({ landingPage: true })).toEqual(['pys_landing_page', 'last_pys_landing_page']);
    expect(disabledVisitCookies({ utmId: true })).toContain('last_pys_bingid');
    expect(disabledVisitCookies({ all: true })).toEqual(PYS_ATTRIBUTION_COOKIES);
    expect(disabledVisitCookies({})).toEqual([]);
  });
});

describe('readUtms and readAdClickIds', () => {
  it('drops e-mail addresses from utm values', () => {
    const v = visitor();
    v.visit(0, '/?utm_source=jane@example.com&utm_medium=email');
    expect(readUtms(v.jar)).toEqual({ utm_medium: 'email' });
    expect(withoutEmail('newsletter')).toBe('newsletter');
    expect(withoutEmail(undefined)).toBeUndefined();
  });

  it('reads first and last visit ids separately', () => {
    const v = visitor();
    v.visit(0, '/?bingid=b1');
    v.visit(61, '/?padid=p2');
    expect(readAdClickIds(v.jar)).toEqual({ bingid: 'b1' });
    expect(readAdClickIds(v.jar, true)).toEqual({ padid: 'p2' });
  });
});
