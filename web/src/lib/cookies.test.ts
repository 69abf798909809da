import {
  MemoryCookieJar,
  daysFrom,
  decodeCookieText,
  documentCookieJar,
  encodeCookieText,
  getTextCookie,
  hoursFrom,
  minutesFrom,
  parseCookieHeader,
  serializeCookie,
  setTextCookie,
} from './cookies';

const T0 = Date.UTC(2025, 2, 10, 12, 0, 0);

describe('MemoryCookieJar', () => {
  it('returns a stored raw value unchanged', () => {
    const jar = new MemoryCookieJar(() => T0);
    jar.set('a', 'x%7Cy');
    expect(jar.get('a')).toBe('x%7Cy');
  });

  it('forgets a cookie once its expiry time is reached', () => {
    let now = T0;
    const jar = new MemoryCookieJar(() => now);
    jar.set('s', '1', { expires: minutesFrom(T0, 30) });
    now = T0 + 29 * 60_000;
    expect(jar.get('s')).toBe('1');
    now = T0 + 30 * 60_000;
    expect(jar.get('s')).toBeUndefined();
    expect(jar.names()).toEqual([]);
  });

  it('keeps session cookies until the browser session ends', () => {
    const jar = new MemoryCookieJar(() => T0);
    jar.set('session', '1');
    jar.set('persistent', '1', { expires: daysFrom(T0, 1) });
    jar.endBrowserSession();
    expect(jar.get('session')).toBeUndefined();
    expect(jar.get('persistent')).toBe('1');
  });

  it('treats a write with a past expiry as a deletion but still records it', () => {
    const jar = new MemoryCookieJar(() => T0);
    jar.set('a', '1');
    jar.set('a', '', { expires: new Date(T0 - 1) });
    expect(jar.get('a')).toBeUndefined();
    expect(jar.writes.map((w) => w.name)).toEqual(['a', 'a']);
  });

  it('removes a cookie and lists only live names', () => {
    const jar = new MemoryCookieJar(() => T0);
    jar.set('a', '1');
    jar.set('b', '2');
    jar.remove('a');
    expect(jar.names()).toEqual(['b']);
  });

  it('exposes the attributes of a live cookie', () => {
    const jar = new MemoryCookieJar(() => T0);
    jar.set('a', '1', { domain: '.shop.example.com' });
    expect(jar.attributes('a')).toEqual({ domain: '.shop.example.com' });
    expect(jar.attributes('missing')).toBeUndefined();
  });
});

describe('time helpers', () => {
  it('adds days, hours and minutes to a timestamp', () => {
    expect(daysFrom(T0, 180).getTime() - T0).toBe(180 * 86_400_000);
    expect(hoursFrom(T0, 0.5).getTime() - T0).toBe(1_800_000);
    expect(minutesFrom(T0, 30).getTime() - T0).toBe(1_800_000);
  });
});

describe('serializeCookie and parseCookieHeader', () => {
  it('writes every attribute in a document.cookie string', () => {
    const s = serializeCookie('a', 'b', {
      expires: new Date(T0),
      domain: '.shop.example.com',
      sameSite: 'Lax',
      secure: true,
    });
    expect(s).toBe(
      'a=b; expires=Mon, 10 Mar 2025 12:00:00 GMT; domain=.shop.example.com; path=/; SameSite=Lax; Secure',
    );
  });

  it('parses a cookie header keeping the first duplicate and values with equals signs', () => {
    const parsed = parseCookieHeader('a=1; b=x=y;a=2; flag');
    expect(parsed.get('a')).toBe('1');
    expect(parsed.get('b')).toBe('x=y');
    expect(parsed.get('flag')).toBe('');
  });
});

describe('documentCookieJar', () => {
  afterEach(() => {
    for (const name of documentCookieJar().names()) documentCookieJar().remove(name);
  });

  it('reads back what it writes through document.cookie', () => {
    const jar = documentCookieJar();
    jar.set('vitrine_test', 'a%7Cb', { expires: daysFrom(Date.now(), 1) });
    expect(jar.get('vitrine_test')).toBe('a%7Cb');
    expect(jar.names()).toContain('vitrine_test');
  });

  it('removes a cookie by writing an expired one', () => {
    const jar = documentCookieJar();
    jar.set('vitrine_gone', '1');
    jar.remove('vitrine_gone');
    expect(jar.get('vitrine_gone')).toBeUndefined();
  });
});

describe('js-cookie compatible text encoding', () => {
  it('keeps URL punctuation readable and escapes separators', () => {
    expect(encodeCookieText('https://shop.example.com/a?b=c')).toBe('https://shop.example.com/a?b=c');
    expect(encodeCookieText('a b;c,d')).toBe('a%20b%3Bc%2Cd');
    expect(encodeCookieText('{"email":"a@b.co"}')).toBe('{%22email%22:%22a@b.co%22}');
  });

  it('round-trips unicode and tolerates malformed escapes', () => {
    expect(decodeCookieText(encodeCookieText('✓ café'))).toBe('✓ café');
    expect(decodeCookieText('%E2%9C')).toBe('%E2%9C');
  });

  it('reads and writes text cookies through a jar', () => {
    const jar = new MemoryCookieJar(() => T0);
    setTextCookie(jar, 'pys_landing_page', 'https://shop.example.com/ä');
    expect(jar.get('pys_landing_page')).toBe('https://shop.example.com/%C3%A4');
    expect(getTextCookie(jar, 'pys_landing_page')).toBe('https://shop.example.com/ä');
    expect(getTextCookie(jar, 'missing')).toBeUndefined();
  });
});
