import { MemoryCookieJar } from '@/lib/cookies';
import { mapGdprFilters } from './gdpr-filters';
import { saveDecision } from './storage';
import { createConsentStore } from './store';
import type { ConsentConfig, ConsentDecision } from './types';

const CONFIG: ConsentConfig = { bannerVersion: '1', defaultDenied: true };
const DECISION: ConsentDecision = {
  id: 'd',
  choices: { analytics: true, marketing: true, googleAds: true, preferences: false },
  bannerVersion: '1',
  decidedAt: 0,
  gpc: false,
};

describe('createConsentStore', () => {
  it('needs the banner until a decision is stored, then saves, records and notifies', async () => {
    const jar = new MemoryCookieJar(() => 0);
    const fetchImpl = vi.fn(async () => new Response(null, { status: 204 }));
    const store = createConsentStore({ jar, config: CONFIG, gpc: false, now: () => 0, record: { fetch: fetchImpl } });
    const seen: boolean[] = [];
    const unsubscribe = store.subscribe((s) => seen.push(s.marketing));
    expect(store.needsBanner()).toBe(true);
    store.decide(DECISION);
    expect(store.needsBanner()).toBe(false);
    expect(jar.get('vitrine_consent')).toBeDefined();
    expect(seen).toEqual([true]);
    // The proof goes once its code (record.ts, a chunk) is there.
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    unsubscribe();
    store.decide(DECISION);
    expect(seen).toEqual([true]);
  });

  it('loads a stored decision and narrows it with an external verdict', () => {
    const jar = new MemoryCookieJar(() => 0);
    saveDecision(jar, DECISION, CONFIG);
    const store = createConsentStore({ jar, config: CONFIG, gpc: false, now: () => 0, record: false });
    expect(store.decision()).toEqual(DECISION);
    expect(store.state().analytics).toBe(true);
    store.setExternal(mapGdprFilters({ success: true, data: { analytics_disabled_by_api: true } }));
    expect(store.state().analytics).toBe(false);
    expect(store.external()?.disabledProviders).toEqual(['ga4']);
  });
});
