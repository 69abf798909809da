import { MemoryCookieJar } from '@/lib/cookies';
import { formatFireDate, readSourcebuster, runSourcebuster, SOURCEBUSTER_COOKIES } from './run';
import { at, simulatedBrowser, USER_AGENT } from './test-browser';

const T02_PATH =
  '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale&utm_content=hero&utm_term=running%20shoes&utm_id=42';

describe('runSourcebuster cookie bytes', () => {
  it('writes sbjs_current byte-identical to the measured T02 cookie', () => {
    const browser = simulatedBrowser();
    browser.load('12:00', T02_PATH);
    expect(browser.jar.get('sbjs_current')).toBe(
      'typ%3Dutm%7C%7C%7Csrc%3Dnewsletter%7C%7C%7Cmdm%3Demail%7C%7C%7Ccmp%3Dspring_sale%7C%7C%7Ccnt%3Dhero%7C%7C%7Ctrm%3Drunning%2520shoes%7C%7C%7Cid%3D42%7C%7C%7Cplt%3D%28none%29%7C%7C%7Cfmt%3D%28none%29%7C%7C%7Ctct%3D%28none%29',
    );
  });

  it('fills the fork fields id, plt, fmt and tct from the GA4 utm parameters', () => {
    const get = simulatedBrowser().load(
      '12:00',
      '/?utm_source=a&utm_id=7&utm_source_platform=sa360&utm_creative_format=video&utm_marketing_tactic=prospecting',
    );
    expect([get.current.id, get.current.plt, get.current.fmt, get.current.tct]).toEqual([
      '7',
      'sa360',
      'video',
      'prospecting',
    ]);
  });

  it('turns an empty utm_id into (none) but keeps an empty utm_medium empty', () => {
    const get = simulatedBrowser().load('12:00', '/?utm_medium=&utm_id=');
    expect(get.current.mdm).toBe('');
    expect(get.current.id).toBe('(none)');
  });

  it('writes the cookies in the measured order on a first hit', () => {
    const browser = simulatedBrowser({ timezoneOffset: 0, promocode: true });
    browser.load('12:00', '/');
    expect(browser.jar.writes.map((w) => w.name)).toEqual([
      'sbjs_migrations',
      'sbjs_current_add',
      'sbjs_first_add',
      'sbjs_current',
      'sbjs_first',
      'sbjs_udata',
      'sbjs_session',
      'sbjs_promo',
    ]);
    expect(browser.jar.get('sbjs_migrations')).toBe('1418474375998%3D1');
  });

  it('sets a 180-day lifetime, a 30-minute session and the shop domain by default', () => {
    const browser = simulatedBrowser();
    browser.load('12:00', '/');
    const t0 = at('12:00');
    expect(browser.jar.attributes('sbjs_current')).toEqual({
      expires: new Date(t0 + 259_200 * 60_000),
      domain: '.shop.example.com',
      path: '/',
    });
    expect(browser.jar.attributes('sbjs_session')?.expires).toEqual(new Date(t0 + 30 * 60_000));
  });

  it('strips www from the cookie domain like the measured www store', () => {
    const browser = simulatedBrowser({ timezoneOffset: 0 }, () => 0.5, 'https://www.shop.example.com');
    browser.load('12:00', '/');
    expect(browser.jar.attributes('sbjs_current')?.domain).toBe('.shop.example.com');
  });

  it('omits the domain attribute when the domain is isolated', () => {
    const browser = simulatedBrowser({ timezoneOffset: 0, domain: { host: 'shop.example.com', isolate: true } });
    const get = browser.load('12:00', '/', 'https://blog.shop.example.com/');
    expect(browser.jar.attributes('sbjs_current')?.domain).toBeUndefined();
    expect(get.current.typ).toBe('referral');
  });

  it('keeps a sliding expiry: sbjs_current is rewritten on every load', () => {
    const browser = simulatedBrowser();
    browser.load('12:00', '/');
    browser.load('12:10', '/a', 'https://shop.example.com/');
    expect(browser.jar.attributes('sbjs_current')?.expires).toEqual(new Date(at('12:10') + 259_200 * 60_000));
    expect(browser.jar.attributes('sbjs_first')?.expires).toEqual(new Date(at('12:00') + 259_200 * 60_000));
  });

  it('writes session-only cookies with WooCommerce lifetime except the 30-minute session (W01)', () => {
    const browser = simulatedBrowser({ lifetime: 0.00001, sessionLength: 30, timezoneOffset: 0 });
    browser.load('12:00', '/?utm_source=newsletter&utm_medium=email');
    for (const name of SOURCEBUSTER_COOKIES.filter((n) => n !== 'sbjs_session' && n !== 'sbjs_promo')) {
      expect(browser.jar.attributes(name)?.expires, name).toBeUndefined();
    }
    expect(browser.jar.attributes('sbjs_session')?.expires).toEqual(new Date(at('12:00') + 30 * 60_000));
  });

  it('stores base64 without padding and reads it back (W02)', () => {
    const browser = simulatedBrowser({ lifetime: 0.00001, base64: true, timezoneOffset: 0 });
    browser.load('12:00', '/?utm_source=newsletter&utm_medium=email');
    const raw = browser.jar.get('sbjs_current') ?? '';
    expect(raw.startsWith('dHlwJTNEdXRtJTdDJTdDJTdDc3Jj')).toBe(true);
    expect(raw).toMatch(/^[A-Za-z0-9+/]+$/);
    expect(readSourcebuster(browser.jar).current.src).toBe('newsletter');
  });

  it('writes the literal null when first exists but current was deleted (T24)', () => {
    const jar = new MemoryCookieJar(() => at('12:00'));
    jar.set('sbjs_first', 'typ%3Dtypein');
    jar.set('sbjs_migrations', '1418474375998%3D1');
    const get = runSourcebuster({ jar, page: { href: 'https://shop.example.com/', referrer: '', userAgent: USER_AGENT }, now: () => at('12:00') });
    expect(jar.get('sbjs_current')).toBe('null');
    expect(jar.get('sbjs_current_add')).toBeUndefined();
    expect(get.current.typ).toBeUndefined();
  });

  it('writes a zero-padded promo code once and the configured user ip (T26)', () => {
    const browser = simulatedBrowser(
      { timezoneOffset: 0, promocode: { min: 1000, max: 9999 }, userIp: '203.0.113.9' },
      () => 4183.5 / 9000,
    );
    const get = browser.load('12:00', '/');
    expect(browser.jar.get('sbjs_promo')).toBe('code%3D5183');
    expect(get.udata.uip).toBe('203.0.113.9');
    expect(get.udata.uag).toBe(USER_AGENT);
    browser.load('12:01', '/');
    expect(browser.jar.writes.filter((w) => w.name === 'sbjs_promo')).toHaveLength(1);
  });

  it('draws promo codes between 100000 and 999999 when promocode is true', () => {
    expect(simulatedBrowser({ promocode: true }, () => 0).load('12:00', '/').promo.code).toBe('100000');
    expect(simulatedBrowser({ promocode: true }, () => 0.9999999).load('12:00', '/').promo.code).toBe('999999');
  });

  it('records entrance point and current page as the full href', () => {
    const get = simulatedBrowser().load('12:00', '/p?utm_source=x#top');
    expect(get.current_add.ep).toBe('https://shop.example.com/p?utm_source=x#top');
    expect(get.session.cpg).toBe('https://shop.example.com/p?utm_source=x#top');
  });

  it('uses a custom campaign parameter as a utm trigger and campaign fallback', () => {
    const get = simulatedBrowser({ timezoneOffset: 0, campaignParam: 'cid', termParam: 'kw', contentParam: 'ad' }).load(
      '12:00',
      '/?cid=summer&kw=boots&ad=banner',
    );
    expect([get.current.typ, get.current.cmp, get.current.trm, get.current.cnt]).toEqual(['utm', 'summer', 'boots', 'banner']);
  });

  it('takes the utm term from a yandex referrer text parameter', () => {
    const get = simulatedBrowser().load('12:00', '/?utm_source=ya', 'https://yandex.ru/search/?text=red%20boots');
    expect(get.current.trm).toBe('red boots');
  });

  it('keeps first_add from the first classification only', () => {
    const browser = simulatedBrowser();
    browser.load('12:00', '/?utm_source=a');
    const get = browser.load('12:05', '/', 'https://www.google.com/');
    expect(get.first_add.fd).toBe('2025-03-10 12:00:00');
    expect(get.current_add.fd).toBe('2025-03-10 12:05:00');
  });
});

describe('formatFireDate', () => {
  it('shifts UTC by the configured offset in hours', () => {
    expect(formatFireDate(at('23:30'), 2)).toBe('2025-03-11 01:30:00');
    expect(formatFireDate(at('00:30'), -1)).toBe('2025-03-09 23:30:00');
  });

  it('uses the visitor local time when no offset is configured', () => {
    const d = new Date(at('12:00'));
    const p = (n: number) => String(n).padStart(2, '0');
    const local = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
    expect(formatFireDate(at('12:00'), null)).toBe(local);
  });
});

describe('sourcebuster migrations', () => {
  it('rewrites a pre-1.0 visitor with single-pipe delimiters and marks the migration', () => {
    const jar = new MemoryCookieJar(() => at('12:00'));
    jar.set('sbjs_first', 'typ%3Dutm%7Csrc%3Dfb%7Cmdm%3Dcpc');
    jar.set('sbjs_current', 'typ%3Dutm%7Csrc%3Dfb%7Cmdm%3Dcpc');
    const get = runSourcebuster({ jar, page: { href: 'https://shop.example.com/', referrer: '', userAgent: USER_AGENT }, now: () => at('12:00') });
    expect(jar.get('sbjs_migrations')).toBe('1418474375998%3D1');
    expect([get.first.typ, get.first.src, get.first.mdm]).toEqual(['utm', 'fb', 'cpc']);
    expect(get.current.src).toBe('fb');
  });

  it('resets an old session to zero pages, so the same load counts two', () => {
    const jar = new MemoryCookieJar(() => at('12:00'));
    jar.set('sbjs_first', 'typ%3Dtypein');
    jar.set('sbjs_current', 'typ%3Dtypein');
    jar.set('sbjs_session', 'pgs%3D5%7Ccpg%3Dx');
    const get = runSourcebuster({ jar, page: { href: 'https://shop.example.com/', referrer: '', userAgent: USER_AGENT }, now: () => at('12:00') });
    expect(get.session.pgs).toBe('2');
  });
});
