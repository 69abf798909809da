import { applyExternalConsent } from './external-consent';
import { fetchGdprFilters, mapGdprFilters } from './gdpr-filters';
import type { ConsentState } from './types';

const ALL_GRANTED: ConsentState = {
  necessary: true,
  analytics: true,
  marketing: true, googleAds: true,
  preferences: true,
  decided: true,
  gpc: false,
};

describe('mapGdprFilters', () => {
  it('maps provider flags and cookie flags from a PixelYourSite-style response', () => {
    const external = mapGdprFilters({
      success: true,
      data: {
        all_disabled_by_api: false,
        facebook_disabled_by_api: true,
        analytics_disabled_by_api: '1',
        pinterest_disabled_by_api: '',
        reddit_disabled_by_api: true,
        externalID_disabled_by_api: 1,
        disabled_landing_page_cookie: true,
        disabled_utmTerms_cookie: 'true',
      },
    });
    expect(external?.allDisabled).toBe(false);
    expect(external?.disabledProviders).toEqual(['meta', 'ga4']);
    expect(external?.cookies).toEqual({
      all: false,
      startSession: false,
      advancedFormData: false,
      landingPage: true,
      firstVisit: false,
      trafficSource: false,
      utmTerms: true,
      utmId: false,
      externalId: true,
    });
  });

  it('ignores an unsuccessful response', () => {
    expect(mapGdprFilters({ success: false, data: { all_disabled_by_api: true } })).toBeNull();
    expect(mapGdprFilters({ success: true })).toBeNull();
  });
});

describe('applyExternalConsent', () => {
  it('denies everything optional when all tracking is disabled', () => {
    const external = mapGdprFilters({ success: true, data: { all_disabled_by_api: true } });
    expect(applyExternalConsent(ALL_GRANTED, external)).toMatchObject({
      analytics: false,
      marketing: false, googleAds: false,
      preferences: false,
      necessary: true,
    });
  });

  it('denies analytics when GA4 is disabled and marketing only when every ad provider is', () => {
    const some = mapGdprFilters({ success: true, data: { analytics_disabled_by_api: true, facebook_disabled_by_api: true } });
    expect(applyExternalConsent(ALL_GRANTED, some)).toMatchObject({ analytics: false, marketing: true, googleAds: true });
    const every = mapGdprFilters({
      success: true,
      data: Object.fromEntries(
        ['facebook', 'google_ads', 'tiktok', 'pinterest', 'bing'].map((p) => [`${p}_disabled_by_api`, true]),
      ),
    });
    expect(applyExternalConsent(ALL_GRANTED, every).marketing).toBe(false);
    expect(applyExternalConsent(ALL_GRANTED, every).googleAds).toBe(false);
  });

  it('denies Google Ads when the tool disables it, and leaves marketing to the other networks', () => {
    const ads = mapGdprFilters({ success: true, data: { google_ads_disabled_by_api: true } });
    expect(applyExternalConsent(ALL_GRANTED, ads)).toMatchObject({ marketing: true, googleAds: false, analytics: true });
    const others = mapGdprFilters({
      success: true,
      data: Object.fromEntries(['facebook', 'tiktok', 'pinterest', 'bing'].map((p) => [`${p}_disabled_by_api`, true])),
    });
    expect(applyExternalConsent(ALL_GRANTED, others)).toMatchObject({ marketing: false, googleAds: true });
  });

  it('never grants what our own state denies and leaves it alone without a verdict', () => {
    const denied = { ...ALL_GRANTED, analytics: false };
    expect(applyExternalConsent(denied, mapGdprFilters({ success: true, data: {} })).analytics).toBe(false);
    expect(applyExternalConsent(denied, null)).toBe(denied);
  });
});

describe('fetchGdprFilters', () => {
  it('fetches and maps the filters', async () => {
    const fetchImpl = vi.fn(async () => Response.json({ success: true, data: { bing_disabled_by_api: true } }));
    const result = await fetchGdprFilters('/api/v1/consent/filters', fetchImpl);
    expect(result?.disabledProviders).toEqual(['bing']);
    expect(fetchImpl).toHaveBeenCalledWith('/api/v1/consent/filters', expect.objectContaining({ credentials: 'same-origin' }));
  });

  it('logs and returns null on HTTP or network errors', async () => {
    const logger = { warn: vi.fn() };
    expect(await fetchGdprFilters('/f', async () => new Response('', { status: 503 }), logger)).toBeNull();
    expect(await fetchGdprFilters('/f', async () => Promise.reject(new Error('offline')), logger)).toBeNull();
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });
});
