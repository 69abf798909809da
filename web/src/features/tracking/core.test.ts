import { applyBeforeSend } from './before-send';
import { allowedCategories, allowedProviders, trackingAllowed, type GateConfig } from './gate';
import { currencyExponent, toMajor } from './money';
import { BING_NAMES, isMetaStandard, PINTEREST_NAMES, providerEventName, TIKTOK_NAMES } from './names';
import { newEventId, randomToken, TOKEN_ALPHABET } from './token';
import { testEvent } from './test-support';

describe('randomToken', () => {
  it('makes 36-character event ids from the 62 letters and digits', () => {
    expect(TOKEN_ALPHABET).toHaveLength(62);
    expect(new Set(TOKEN_ALPHABET).size).toBe(62);
    const id = newEventId();
    expect(id).toMatch(/^[A-Za-z0-9]{36}$/);
    expect(newEventId()).not.toBe(id);
  });

  it('maps the random source onto the whole alphabet, first to last', () => {
    expect(randomToken(3, () => 0)).toBe('aaa');
    expect(randomToken(2, () => 0.999999)).toBe('00');
    expect(randomToken(1, () => 26 / 62)).toBe('A');
  });
});

describe('trackingAllowed', () => {
  const OPT_IN: GateConfig = { defaultDenied: true };
  const OPT_OUT: GateConfig = { defaultDenied: false };

  it('lets analytics consent gate GA4, google_ads consent gate Google Ads and marketing the other ad providers', () => {
    const analyticsOnly = { analytics: true, marketing: false, googleAds: false, decided: true };
    expect(allowedProviders(analyticsOnly, false, OPT_IN)).toEqual(['ga4']);
    const marketingOnly = { analytics: false, marketing: true, googleAds: false, decided: true };
    expect(allowedProviders(marketingOnly, false, OPT_IN)).toEqual(['meta', 'tiktok', 'pinterest', 'bing']);
    expect(trackingAllowed(marketingOnly, false, OPT_IN, 'googleAds')).toBe(false);
    const googleAdsOnly = { analytics: false, marketing: false, googleAds: true, decided: true };
    expect(allowedProviders(googleAdsOnly, false, OPT_IN)).toEqual(['googleAds']);
    const both = { analytics: false, marketing: true, googleAds: true, decided: true };
    expect(allowedProviders(both, false, OPT_IN)).toEqual(['meta', 'googleAds', 'tiktok', 'pinterest', 'bing']);
  });

  it('keeps Google Ads off under GPC unless decided explicitly, like marketing', () => {
    expect(trackingAllowed({ analytics: true, marketing: false, googleAds: true }, true, OPT_IN, 'googleAds')).toBe(false);
    expect(trackingAllowed({ analytics: true, marketing: false, googleAds: true, decided: true }, true, OPT_IN, 'googleAds')).toBe(true);
    expect(allowedCategories({ analytics: true, marketing: true, googleAds: true, decided: true }, false, { ...OPT_IN, allDisabled: true })).toEqual({
      analytics: false,
      marketing: false,
      googleAds: false,
    });
  });

  it('denies everything before a decision where configured', () => {
    expect(trackingAllowed(null, false, OPT_IN)).toBe(false);
    expect(trackingAllowed(null, false, OPT_IN, 'ga4')).toBe(false);
  });

  it('allows by default elsewhere but never pre-grants marketing under GPC', () => {
    expect(allowedCategories(null, false, OPT_OUT)).toEqual({ analytics: true, marketing: true, googleAds: true });
    expect(allowedCategories(null, true, OPT_OUT)).toEqual({ analytics: true, marketing: false, googleAds: false });
    expect(allowedCategories(null, true, { ...OPT_OUT, respectGpc: false }).marketing).toBe(true);
  });

  it('denies marketing for raw choices under GPC but keeps a decided explicit opt-in', () => {
    expect(trackingAllowed({ analytics: true, marketing: true, googleAds: true }, true, OPT_IN, 'meta')).toBe(false);
    expect(trackingAllowed({ analytics: true, marketing: true, googleAds: true, decided: true }, true, OPT_IN, 'meta')).toBe(true);
  });

  it('obeys an external consent tool that disables all or some providers', () => {
    const granted = { analytics: true, marketing: true, googleAds: true, decided: true };
    expect(trackingAllowed(granted, false, { ...OPT_IN, allDisabled: true })).toBe(false);
    expect(trackingAllowed(granted, false, { ...OPT_IN, disabledProviders: ['meta'] }, 'meta')).toBe(false);
    expect(trackingAllowed(granted, false, { ...OPT_IN, disabledProviders: ['meta'] }, 'tiktok')).toBe(true);
  });

  it('answers whether anything may be tracked when no provider is named', () => {
    expect(trackingAllowed({ analytics: false, marketing: false, googleAds: true, decided: true }, false, OPT_IN)).toBe(true);
    expect(trackingAllowed({ analytics: false, marketing: true, googleAds: true, decided: true }, false, OPT_IN)).toBe(true);
    expect(trackingAllowed({ analytics: false, marketing: false, googleAds: false, decided: true }, false, OPT_OUT)).toBe(false);
  });
});

describe('applyBeforeSend', () => {
  it('passes events through without a hook and lets a hook rewrite or drop them', () => {
    const event = testEvent('Lead');
    expect(applyBeforeSend(undefined, event, 'meta')).toBe(event);
    expect(applyBeforeSend((e) => ({ ...e, params: { x: 1 } }), event, 'ga4')?.params).toEqual({ x: 1 });
    expect(applyBeforeSend((e, d) => (d === 'server' ? null : e), event, 'server')).toBeNull();
    expect(applyBeforeSend(() => false, event, 'bing')).toBeNull();
  });

  it('drops the event and logs when the hook throws', () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    const hook = () => {
      throw new Error('boom');
    };
    expect(applyBeforeSend(hook, testEvent('Lead'), 'meta', logger)).toBeNull();
    expect(logger.error).toHaveBeenCalled();
  });
});

describe('providerEventName', () => {
  it('uses the research names for TikTok, Pinterest and Bing', () => {
    expect(TIKTOK_NAMES.Purchase).toBe('CompletePayment');
    expect(providerEventName('tiktok', 'CompleteRegistration')).toBe('CompleteRegistration');
    expect(PINTEREST_NAMES.ViewContent).toBe('page_visit');
    expect(providerEventName('pinterest', 'CompleteRegistration')).toBe('signup');
    expect(BING_NAMES.Purchase).toBe('Purchase');
  });

  it('passes custom names through and knows Meta standard events', () => {
    expect(providerEventName('bing', 'Lead')).toBe('Lead');
    expect(providerEventName('ga4', 'TimeOnPage')).toBe('TimeOnPage');
    expect(isMetaStandard('Purchase')).toBe(true);
    expect(isMetaStandard('Contact')).toBe(true);
    expect(isMetaStandard('TimeOnPage')).toBe(false);
  });
});

describe('toMajor', () => {
  it('converts minor units with the currency exponent', () => {
    expect(toMajor(4250, 'USD')).toBe(42.5);
    expect(toMajor(4250, 'JPY')).toBe(4250);
    expect(toMajor(4250, 'KWD')).toBe(4.25);
    expect(toMajor(1, 'eur')).toBe(0.01);
    expect(currencyExponent('NOT-A-CURRENCY')).toBe(2);
  });
});
