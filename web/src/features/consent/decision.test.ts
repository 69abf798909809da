import {
  acceptAllChoices,
  consentState,
  createDecision,
  initialChoices,
  newDecisionId,
  readGpc,
  rejectAllChoices,
} from './decision';
import type { ConsentConfig, ConsentDecision } from './types';

const OPT_IN: ConsentConfig = { bannerVersion: '1', defaultDenied: true };
const OPT_OUT: ConsentConfig = { bannerVersion: '1', defaultDenied: false };
const decision = (choices = acceptAllChoices(false), gpc = false): ConsentDecision => ({
  id: 'd1',
  choices,
  bannerVersion: '1',
  decidedAt: 0,
  gpc,
});

describe('readGpc', () => {
  it('is true only when navigator.globalPrivacyControl is exactly true', () => {
    expect(readGpc({ globalPrivacyControl: true })).toBe(true);
    expect(readGpc({ globalPrivacyControl: 'true' })).toBe(false);
    expect(readGpc({})).toBe(false);
    expect(readGpc(undefined)).toBe(false);
  });
});

describe('banner choices', () => {
  it('accepts everything without GPC and everything but marketing with GPC', () => {
    expect(acceptAllChoices(false)).toEqual({ analytics: true, marketing: true, googleAds: true, preferences: true });
    expect(acceptAllChoices(true)).toEqual({ analytics: true, marketing: false, googleAds: false, preferences: true });
  });

  it('rejects every optional category', () => {
    expect(rejectAllChoices()).toEqual({ analytics: false, marketing: false, googleAds: false, preferences: false });
  });

  it('pre-ticks nothing before a decision and the stored choices after one', () => {
    expect(initialChoices(null)).toEqual(rejectAllChoices());
    expect(initialChoices(decision({ analytics: true, marketing: false, googleAds: false, preferences: true }))).toEqual({
      analytics: true,
      marketing: false, googleAds: false,
      preferences: true,
    });
  });
});

describe('createDecision', () => {
  it('stamps id, time, banner version and GPC', () => {
    const d = createDecision({ choices: rejectAllChoices(), bannerVersion: '7', gpc: true, now: () => 42, newId: () => 'x' });
    expect(d).toEqual({ id: 'x', choices: rejectAllChoices(), bannerVersion: '7', decidedAt: 42, gpc: true });
  });

  it('generates UUIDs by default', () => {
    expect(newDecisionId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('consentState', () => {
  it('denies every optional category by default where configured', () => {
    expect(consentState(null, OPT_IN, false)).toEqual({
      necessary: true,
      analytics: false,
      marketing: false, googleAds: false,
      preferences: false,
      decided: false,
      gpc: false,
    });
  });

  it('grants by default elsewhere but never pre-grants marketing under GPC', () => {
    expect(consentState(null, OPT_OUT, false)).toMatchObject({ analytics: true, marketing: true, googleAds: true });
    expect(consentState(null, OPT_OUT, true)).toMatchObject({ analytics: true, marketing: false, googleAds: false, gpc: true });
  });

  it('follows a stored decision', () => {
    const state = consentState(decision({ analytics: true, marketing: false, googleAds: false, preferences: false }), OPT_OUT, false);
    expect(state).toMatchObject({ analytics: true, marketing: false, googleAds: false, preferences: false, decided: true });
  });

  it('withdraws marketing when GPC appears after the decision', () => {
    expect(consentState(decision(), OPT_IN, true).marketing).toBe(false);
  });

  it('keeps marketing that was explicitly granted while GPC was on', () => {
    const explicit = decision({ analytics: false, marketing: true, googleAds: true, preferences: false }, true);
    expect(consentState(explicit, OPT_IN, true).marketing).toBe(true);
  });

  it('ignores GPC when the shop turns respectGpc off', () => {
    expect(consentState(null, { ...OPT_OUT, respectGpc: false }, true).marketing).toBe(true);
  });
});
