import { MemoryCookieJar } from '@/lib/cookies';
import { applyHidePixelRules, hiddenPixelCookie, isPixelHidden, urlMatchesParam } from './hidden-pixels';

const T0 = Date.UTC(2025, 2, 10, 12, 0);

describe('hidden pixel rules', () => {
  it('match a URL parameter by key or by key=value', () => {
    expect(urlMatchesParam('https://s/?preview', 'preview')).toBe(true);
    expect(urlMatchesParam('https://s/?preview=1', 'preview')).toBe(true);
    expect(urlMatchesParam('https://s/?staff=yes&x=1', 'staff=yes')).toBe(true);
    expect(urlMatchesParam('https://s/?staff=no', 'staff=yes')).toBe(false);
    expect(urlMatchesParam('https://s/', 'preview')).toBe(false);
    expect(urlMatchesParam('https://s/?a=1', '')).toBe(false);
  });

  it('hide the pixel with a cookie lasting hide_tag_time hours', () => {
    let now = T0;
    const jar = new MemoryCookieJar(() => now);
    const rules = [
      { pixelId: '123', params: ['staff=yes'], hours: 2 },
      { pixelId: 'G-1', params: ['other'], hours: 1 },
    ];
    expect(applyHidePixelRules(jar, 'https://s/?staff=yes', rules, T0)).toEqual(['123']);
    expect(jar.get(hiddenPixelCookie('123'))).toBe('true');
    expect(isPixelHidden(jar, '123')).toBe(true);
    expect(isPixelHidden(jar, 'G-1')).toBe(false);
    now = T0 + 2 * 3_600_000;
    expect(isPixelHidden(jar, '123')).toBe(false);
  });
});
