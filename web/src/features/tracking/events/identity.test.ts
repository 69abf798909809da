import { MemoryCookieJar } from '@/lib/cookies';
import { ensureFbCookies, ensurePbid, fbclidOf, needsFbCookieWait } from './identity';

const T0 = Date.UTC(2025, 2, 10, 12, 0);

describe('ensurePbid', () => {
  it('uses the pbid cookie without any request', async () => {
    const jar = new MemoryCookieJar(() => T0);
    jar.set('pbid', 'existing');
    const fetchImpl = vi.fn();
    expect(await ensurePbid({ jar, now: () => T0, fetch: fetchImpl })).toBe('existing');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('fetches once, stores the pbid for 180 days and shares the pending request', async () => {
    const jar = new MemoryCookieJar(() => T0);
    const fetchImpl = vi.fn(async () => Response.json({ success: true, data: { pbid: 'f'.repeat(64) } }));
    const [a, b] = await Promise.all([
      ensurePbid({ jar, now: () => T0, fetch: fetchImpl }),
      ensurePbid({ jar, now: () => T0, fetch: fetchImpl }),
    ]);
    expect(a).toBe('f'.repeat(64));
    expect(b).toBe(a);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith('/api/v1/tracking/pbid?_locale=user', expect.anything());
    expect(jar.attributes('pbid')?.expires).toEqual(new Date(T0 + 180 * 86_400_000));
  });

  it('gives up quietly on errors and bad bodies', async () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    const failing = async () => new Response('', { status: 500 });
    expect(await ensurePbid({ jar: new MemoryCookieJar(), now: () => T0, fetch: failing, logger })).toBeUndefined();
    const empty = async () => Response.json({ success: true, data: { pbid: '' } });
    expect(await ensurePbid({ jar: new MemoryCookieJar(), now: () => T0, fetch: empty, logger })).toBeUndefined();
    // Spec §7: the id is `data.pbid`; a top-level `pbid` or an unsuccessful answer is not one.
    const flat = async () => Response.json({ pbid: 'f'.repeat(64) });
    const flatJar = new MemoryCookieJar();
    expect(await ensurePbid({ jar: flatJar, now: () => T0, fetch: flat, logger })).toBeUndefined();
    expect(flatJar.get('pbid')).toBeUndefined();
    const refused = async () => Response.json({ success: false, data: { pbid: 'f'.repeat(64) } });
    expect(await ensurePbid({ jar: new MemoryCookieJar(), now: () => T0, fetch: refused, logger })).toBeUndefined();
    const offline = () => Promise.reject(new Error('offline'));
    expect(await ensurePbid({ jar: new MemoryCookieJar(), now: () => T0, fetch: offline, logger })).toBeUndefined();
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });
});

describe('Meta cookies', () => {
  it('reads fbclid raw and case-sensitive', () => {
    expect(fbclidOf('https://s/?a=1&fbclid=IwAR2F-x_Y#f')).toBe('IwAR2F-x_Y');
    expect(fbclidOf('https://s/')).toBeUndefined();
  });

  it('asks to wait when _fbp is missing or an fbclid has no _fbc', () => {
    const jar = new MemoryCookieJar();
    expect(needsFbCookieWait(jar, 'https://s/')).toBe(true);
    jar.set('_fbp', 'fb.1.1.1');
    expect(needsFbCookieWait(jar, 'https://s/')).toBe(false);
    expect(needsFbCookieWait(jar, 'https://s/?fbclid=abc')).toBe(true);
  });

  it('sets _fbp and _fbc in Meta format when missing', () => {
    const jar = new MemoryCookieJar(() => T0);
    ensureFbCookies(jar, 'https://s/?fbclid=AbC', T0, () => 0.5);
    expect(jar.get('_fbp')).toBe(`fb.1.${T0}.5500000000`);
    expect(jar.get('_fbc')).toBe(`fb.1.${T0}.AbC`);
    ensureFbCookies(jar, 'https://s/?fbclid=other', T0 + 1, () => 0.1);
    expect(jar.get('_fbc')).toBe(`fb.1.${T0}.AbC`);
  });
});
