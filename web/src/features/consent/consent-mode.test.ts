import { consentModeDefault, consentModeSignals, pushConsentMode } from './consent-mode';
import type { ConsentConfig, ConsentDecision } from './types';

const OPT_IN: ConsentConfig = { bannerVersion: '1', defaultDenied: true };
const OPT_OUT: ConsentConfig = { bannerVersion: '1', defaultDenied: false };
const decided = (analytics: boolean, marketing: boolean, preferences: boolean, googleAds = marketing): ConsentDecision => ({
  id: 'd',
  choices: { analytics, marketing, googleAds, preferences },
  bannerVersion: '1',
  decidedAt: 0,
  gpc: false,
});

describe('consentModeSignals', () => {
  it('denies everything but security storage before a decision where configured', () => {
    expect(consentModeSignals(null, OPT_IN)).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      functionality_storage: 'denied',
      personalization_storage: 'denied',
      security_storage: 'granted',
    });
  });

  it('maps Google Ads consent to the three ad signals and analytics to analytics storage', () => {
    expect(consentModeSignals(decided(true, false, false), OPT_IN)).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    expect(consentModeSignals(decided(false, true, false), OPT_IN)).toMatchObject({
      analytics_storage: 'denied',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    });
  });

  it('keeps the ad signals denied when marketing is granted but Google Ads is not (spec §6)', () => {
    const signals = consentModeSignals(decided(true, true, false, false), OPT_IN);
    expect(signals).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    expect(consentModeSignals(decided(false, false, false, true), OPT_IN)).toMatchObject({
      analytics_storage: 'denied',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    });
  });

  it('withdraws the ad signals under a GPC signal that came after the decision', () => {
    expect(consentModeSignals(decided(true, true, true, true), OPT_IN, true)).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
    });
  });

  it('maps preferences to functionality and personalization storage', () => {
    expect(consentModeSignals(decided(false, false, true), OPT_IN)).toMatchObject({
      functionality_storage: 'granted',
      personalization_storage: 'granted',
    });
  });

  it('grants by default outside opt-in regions except ad signals under GPC', () => {
    expect(consentModeSignals(null, OPT_OUT, true)).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied' });
  });
});

describe('consentModeDefault', () => {
  it('adds wait_for_update and the configured regions', () => {
    expect(consentModeDefault({ ...OPT_IN, waitForUpdateMs: 300, regions: ['DE', 'FR'] })).toMatchObject({
      wait_for_update: 300,
      region: ['DE', 'FR'],
      ad_storage: 'denied',
    });
    expect(consentModeDefault(OPT_IN)).not.toHaveProperty('region');
    expect(consentModeDefault(OPT_IN).wait_for_update).toBe(500);
  });
});

describe('pushConsentMode', () => {
  it('sends the default first and an update only when a decision exists', () => {
    const calls: unknown[][] = [];
    const gtag = (...args: unknown[]) => void calls.push(args);
    pushConsentMode(gtag, null, OPT_IN);
    expect(calls.map((c) => c[1])).toEqual(['default']);
    calls.length = 0;
    pushConsentMode(gtag, decided(true, true, true), OPT_IN);
    expect(calls.map((c) => c[1])).toEqual(['default', 'update']);
    expect(calls[1]?.[2]).toMatchObject({ ad_storage: 'granted' });
    calls.length = 0;
    pushConsentMode(gtag, decided(true, true, true, false), OPT_IN);
    expect(calls[1]?.[2]).toMatchObject({ ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' });
  });
});
