import { BUILT_IN_ORGANICS, resolveOptions } from './options';

describe('resolveOptions', () => {
  it('applies sourcebuster defaults for the current hostname', () => {
    const o = resolveOptions({}, 'www.shop.example.com');
    expect(o).toMatchObject({
      lifetimeMinutes: 259_200,
      sessionLength: 30,
      timezoneOffset: null,
      base64: false,
      campaignParam: 'false',
      userIp: '(none)',
      promocode: null,
      typein: { source: '(direct)', medium: '(none)' },
      domain: { host: 'shop.example.com', isolate: false },
    });
    expect(o.organics).toEqual(BUILT_IN_ORGANICS);
    expect(o.referrals.map((r) => r.host)).toEqual(['t.co', 'plus.url.google.com']);
  });

  it('truncates a tiny lifetime to zero minutes, giving session cookies', () => {
    expect(resolveOptions({ lifetime: 0.00001 }, 'x').lifetimeMinutes).toBe(0);
    expect(resolveOptions({ lifetime: 0 }, 'x').lifetimeMinutes).toBe(259_200);
  });

  it('needs both typein attributes and ignores incomplete rules', () => {
    const o = resolveOptions(
      {
        typeinAttributes: { source: 'direct', medium: '' },
        organics: [{ host: 'ecosia.org', param: '' }],
        referrals: [{ host: '' }, { host: 'fb.com' }],
      },
      'x',
    );
    expect(o.typein.source).toBe('(direct)');
    expect(o.organics).toHaveLength(BUILT_IN_ORGANICS.length);
    expect(o.referrals[0]?.host).toBe('fb.com');
  });

  it('keeps user rules before built-ins and promo bounds', () => {
    const o = resolveOptions(
      { organics: [{ host: 'ecosia.org', param: 'q' }], promocode: { min: 10, max: 99 }, domain: 'example.com' },
      'shop.example.com',
    );
    expect(o.organics[0]?.host).toBe('ecosia.org');
    expect(o.promocode).toEqual({ min: 10, max: 99 });
    expect(o.domain).toEqual({ host: 'example.com', isolate: false });
  });
});
