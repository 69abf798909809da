import { MemoryCookieJar } from '@/lib/cookies';
import { decodeData, encodeData, pack, readContainer, unpack, writeContainer } from './codec';
import { widenDelimiters } from './migrations';

describe('sourcebuster codec', () => {
  it('escapes the characters encodeURIComponent leaves alone', () => {
    expect(encodeData("(none)!~*'")).toBe('%28none%29%21%7E%2A%27');
    expect(encodeData('a|||b=c d')).toBe('a%7C%7C%7Cb%3Dc%20d');
  });

  it('decodes and also turns literal extra escapes back into characters', () => {
    expect(decodeData('%28none%29')).toBe('(none)');
    expect(decodeData('%2521')).toBe('!');
  });

  it('falls back to unescape on malformed sequences', () => {
    expect(decodeData('%E2%9C')).toBe('â\x9C');
  });

  it('packs raw values and unpacks with a second decode and last-key-wins', () => {
    const packed = pack([
      ['typ', 'utm'],
      ['trm', 'running%20shoes'],
    ]);
    expect(packed).toBe('typ=utm|||trm=running%20shoes');
    expect(unpack(packed)).toEqual({ typ: 'utm', trm: 'running shoes' });
    expect(unpack('typ=utm|||typ|||src=a=b')).toEqual({ typ: '', src: 'a=b' });
    expect(unpack(null)).toEqual({});
  });

  it('writes expiry only for a non-zero lifetime and reads base64 whatever the flag', () => {
    const jar = new MemoryCookieJar(() => 0);
    const target = { jar, now: 0, domain: 'shop.example.com', isolate: false, base64: true };
    writeContainer(target, 'sbjs_x', 'code=1', 0);
    expect(jar.get('sbjs_x')).toBe(btoa('code%3D1').replace(/=+$/, ''));
    expect(jar.attributes('sbjs_x')?.expires).toBeUndefined();
    expect(readContainer(jar, 'sbjs_x')).toBe('code=1');
    expect(readContainer(jar, 'sbjs_missing')).toBeNull();
  });

  it('widens single pipes to the triple delimiter and leaves longer runs', () => {
    expect(widenDelimiters('a|b|||c||d')).toBe('a|||b|||c||d');
  });
});
