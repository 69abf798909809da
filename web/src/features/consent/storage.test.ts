import { MemoryCookieJar } from '@/lib/cookies';
import { clearDecision, loadDecision, parseDecision, reaskAt, saveDecision, serializeDecision } from './storage';
import type { ConsentConfig, ConsentDecision } from './types';

const T0 = Date.UTC(2025, 2, 10, 12, 0);
const CONFIG: ConsentConfig = { bannerVersion: '3', defaultDenied: true };
const DECISION: ConsentDecision = {
  id: '0b9c7a43-3f0e-4c56-9a55-1f6f5b2b8a10',
  choices: { analytics: true, marketing: false, googleAds: false, preferences: true },
  bannerVersion: '3',
  decidedAt: T0,
  gpc: true,
};

describe('decision cookie', () => {
  it('round-trips choices, banner version, time, GPC and the pseudonymous id', () => {
    expect(parseDecision(serializeDecision(DECISION))).toEqual(DECISION);
  });

  it('is stored as vitrine_consent and expires after 12 months', () => {
    const jar = new MemoryCookieJar(() => T0);
    saveDecision(jar, DECISION, CONFIG);
    expect(jar.get('vitrine_consent')).toContain('%22bv%22:%223%22');
    expect(jar.attributes('vitrine_consent')?.expires).toEqual(new Date(Date.UTC(2026, 2, 10, 12, 0)));
    expect(loadDecision(jar, CONFIG, T0 + 1000)).toEqual(DECISION);
  });

  it('re-asks once 12 months have passed', () => {
    const jar = new MemoryCookieJar(() => T0);
    saveDecision(jar, DECISION, CONFIG);
    const later = new MemoryCookieJar(() => reaskAt(T0, CONFIG) - 1);
    later.set('vitrine_consent', jar.get('vitrine_consent') ?? '');
    expect(loadDecision(later, CONFIG, reaskAt(T0, CONFIG) - 1)).not.toBeNull();
    expect(loadDecision(later, CONFIG, reaskAt(T0, CONFIG))).toBeNull();
  });

  it('re-asks when the banner version changes', () => {
    const jar = new MemoryCookieJar(() => T0);
    saveDecision(jar, DECISION, CONFIG);
    expect(loadDecision(jar, { ...CONFIG, bannerVersion: '4' }, T0)).toBeNull();
  });

  it('honours a custom re-ask interval, cookie name and domain', () => {
    const config = { ...CONFIG, reaskAfterMonths: 6, cookieName: 'shop_consent', cookieDomain: '.example.com' };
    const jar = new MemoryCookieJar(() => T0);
    saveDecision(jar, DECISION, config);
    expect(jar.attributes('shop_consent')).toMatchObject({
      domain: '.example.com',
      expires: new Date(Date.UTC(2025, 8, 10, 12, 0)),
    });
    clearDecision(jar, config);
    expect(loadDecision(jar, config, T0)).toBeNull();
  });

  it('keeps Google Ads apart from marketing in the cookie', () => {
    const split = { ...DECISION, choices: { analytics: false, marketing: true, googleAds: false, preferences: false } };
    expect(JSON.parse(serializeDecision(split)).c).toEqual({ a: 0, m: 1, g: 0, p: 0 });
    expect(parseDecision(serializeDecision(split))?.choices).toEqual(split.choices);
    const adsOnly = { ...DECISION, choices: { analytics: false, marketing: false, googleAds: true, preferences: false } };
    expect(parseDecision(serializeDecision(adsOnly))?.choices.googleAds).toBe(true);
  });

  it('reads a cookie from before the Google Ads category: Google Ads takes the marketing value', () => {
    const old = (m: 0 | 1) => `{"v":1,"id":"a","bv":"1","at":1,"gpc":0,"c":{"a":1,"m":${m},"p":0}}`;
    expect(parseDecision(old(1))?.choices).toEqual({ analytics: true, marketing: true, googleAds: true, preferences: false });
    expect(parseDecision(old(0))?.choices).toEqual({ analytics: true, marketing: false, googleAds: false, preferences: false });
  });

  it('treats malformed cookies as no decision', () => {
    expect(parseDecision('{"v":1,"id":"a","bv":"1","at":1,"gpc":0,"c":{"a":1,"m":1,"g":"yes","p":0}}')).toBeNull();
    expect(parseDecision('not json')).toBeNull();
    expect(parseDecision('null')).toBeNull();
    expect(parseDecision('{"v":2}')).toBeNull();
    expect(parseDecision('{"v":1,"id":"a","bv":"1","at":1,"gpc":0,"c":{"a":1,"m":2,"p":0}}')).toBeNull();
  });
});
