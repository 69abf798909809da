import { consentProof, recordDecision } from './record';
import type { ConsentDecision } from './types';

const DECISION: ConsentDecision = {
  id: 'b5d7',
  choices: { analytics: true, marketing: false, googleAds: false, preferences: true },
  bannerVersion: '2',
  decidedAt: 1,
  gpc: true,
};

describe('recordDecision', () => {
  it('POSTs the proof as JSON with keepalive to /api/v1/consent', async () => {
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 201 }));
    expect(await recordDecision(DECISION, { fetch: fetchImpl })).toBe(true);
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/consent?_locale=user');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' } });
    expect(JSON.parse(String(init?.body))).toEqual({
      decision_id: 'b5d7',
      choices: { analytics: true, marketing: false, google_ads: false, preferences: true },
      banner_version: '2',
      gpc: true,
    });
  });

  it('only logs to the console when the server or network fails', async () => {
    const logger = { warn: vi.fn() };
    expect(await recordDecision(DECISION, { fetch: async () => new Response('', { status: 500 }), logger })).toBe(false);
    expect(await recordDecision(DECISION, { fetch: async () => Promise.reject(new TypeError('x')), logger })).toBe(false);
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('builds the proof body from a decision', () => {
    expect(consentProof(DECISION).decision_id).toBe('b5d7');
    // google_ads on the wire, apart from marketing.
    const split = { ...DECISION, choices: { analytics: false, marketing: true, googleAds: false, preferences: false } };
    expect(consentProof(split).choices).toEqual({ analytics: false, marketing: true, google_ads: false, preferences: false });
  });
});

describe('recordDecision on demand (on-demand.ts)', () => {
  it('loads the recorder when first called and sends the same proof', async () => {
    const { recordDecision: onDemand } = await import('./on-demand');
    const fetchImpl = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }));
    const decision = {
      id: 'd-2',
      choices: { analytics: true, marketing: false, googleAds: false, preferences: false },
      bannerVersion: '1',
      decidedAt: 0,
      gpc: false,
    };
    await expect(onDemand(decision, { fetch: fetchImpl })).resolves.toBe(true);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const body = JSON.parse(String(fetchImpl.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ decision_id: 'd-2', banner_version: '1' });
  });
});
