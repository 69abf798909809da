import { MemoryCookieJar } from '@/lib/cookies';
import { loadEmbeddedConfig, readEmbeddedConfig, type TrackingConfig } from './config';
import { createEvent, pageViewEvent } from './events/builders';
import { readFormData } from './matching/form-capture';
import { ALL_PROVIDERS } from './providers/all';
import { createTracking, type TrackingEnv } from './tracking';
import { dataLayerCalls, resetDocument } from './test-support';
import { withoutLocale } from '@/lib/testing/locale';

const T0 = Date.UTC(2025, 2, 10, 12, 0);
const HREF = 'https://shop.example.com/product/hoodie/';

const CONFIG: TrackingConfig = {
  providers: {
    meta: { pixelIds: ['111'], scriptUrl: '/stub/fbevents.js' },
    ga4: { trackingIds: ['G-TEST'], scriptUrl: '/stub/gtag.js' },
  },
  consent: { bannerVersion: '1', defaultDenied: true },
  serverEvents: { enabled: true },
  attribution: { enabled: true },
  advancedMatching: { enabled: true },
  automatic: { timeOnPageSeconds: 30 },
  userId: 7,
};

function setup(config: TrackingConfig = CONFIG, env: Partial<TrackingEnv> = {}) {
  const win: Record<string, unknown> = {};
  const jar = new MemoryCookieJar(() => Date.now());
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, _init?: RequestInit) =>
    withoutLocale(url).endsWith('/pbid')
      ? Response.json({ success: true, data: { pbid: 'p'.repeat(64) } })
      : withoutLocale(url).endsWith('/tracking/token')
        ? Response.json({ page_token: 'signed', max_age_secs: 86_400 })
        : new Response(null, { status: 202 }),
  );
  const tracking = createTracking(config, { win, doc: document, jar, now: () => Date.now(), href: () => HREF, fetch: fetchImpl, providers: ALL_PROVIDERS, ...env });
  const serverBodies = () =>
    fetchImpl.mock.calls.filter(([u]) => withoutLocale(u).endsWith('/events')).map(([, init]) => JSON.parse(String(init?.body)));
  const fbq = () => ((win.fbq as { queue?: unknown[][] } | undefined)?.queue ?? []).filter((c) => c[0] === 'track' || c[0] === 'trackCustom');
  return { win, jar, fetchImpl, tracking, serverBodies, fbq };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
  resetDocument();
});

describe('createTracking', () => {
  it('loads nothing, sends nothing and writes no cookie before consent where denied by default', () => {
    const { tracking, jar, fetchImpl, win } = setup();
    tracking.setConsent(null);
    expect(tracking.pageView([pageViewEvent()])).toEqual([]);
    expect(tracking.track(createEvent('Lead'))).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(document.scripts).toHaveLength(0);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(jar.names()).toEqual([]);
    expect(win.fbq).toBeUndefined();
  });

  it('fires the waiting page view once analytics is granted, to GA4 and the server only', async () => {
    const { tracking, win, serverBodies, fbq } = setup();
    tracking.setConsent(null);
    const pageView = pageViewEvent({ eventID: 'v'.repeat(36) });
    tracking.pageView([pageView]);
    tracking.setConsent({ analytics: true, marketing: false, googleAds: false, decided: true });
    await vi.advanceTimersByTimeAsync(100);
    expect(dataLayerCalls(win).find((c) => c[1] === 'page_view')?.[2]).toMatchObject({ send_to: 'G-TEST' });
    expect(dataLayerCalls(win)).toContainEqual(['config', 'G-TEST', { send_page_view: false, user_id: '7' }]);
    expect(fbq()).toEqual([]);
    expect(serverBodies()).toHaveLength(1);
    expect(serverBodies()[0]).toMatchObject({ event_id: 'v'.repeat(36), user_data: {}, page_token: 'signed' });
  });

  it('replays the page view to providers loaded later without a second server copy', async () => {
    const { tracking, serverBodies, fbq, fetchImpl } = setup();
    tracking.setConsent({ analytics: true, marketing: false, googleAds: false, decided: true });
    tracking.pageView([pageViewEvent({ eventID: 'v'.repeat(36) })]);
    vi.advanceTimersByTime(100);
    tracking.setConsent({ analytics: true, marketing: true, googleAds: true, decided: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(fbq()).toEqual([['track', 'PageView', {}, { eventID: 'v'.repeat(36) }]]);
    expect(serverBodies()).toHaveLength(1);
    expect(fetchImpl.mock.calls.some(([u]) => withoutLocale(u).endsWith('/pbid'))).toBe(true);
  });

  it('replays only the current page after a client-side navigation', async () => {
    const { tracking, fbq } = setup();
    tracking.setConsent({ analytics: true, marketing: false, googleAds: false, decided: true });
    tracking.pageView([pageViewEvent({ eventID: '1'.repeat(36) })]);
    tracking.pageView([pageViewEvent({ eventID: '2'.repeat(36) })]);
    vi.advanceTimersByTime(100);
    tracking.setConsent({ analytics: true, marketing: true, googleAds: true, decided: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(fbq()).toEqual([['track', 'PageView', {}, { eventID: '2'.repeat(36) }]]);
  });

  it('loads Google Ads only under Google Ads consent, not under marketing (spec §6)', () => {
    const config: TrackingConfig = {
      ...CONFIG,
      providers: { ...CONFIG.providers, googleAds: { conversionIds: ['AW-123'], scriptUrl: '/stub/gtag-ads.js' } },
    };
    const { tracking, win, fbq } = setup(config);
    const adsScript = () => [...document.scripts].filter((s) => s.src.endsWith('/stub/gtag-ads.js'));
    tracking.setConsent({ analytics: true, marketing: true, googleAds: false, decided: true });
    tracking.track(createEvent('Lead', { eventID: 'l'.repeat(36) }));
    expect(tracking.registry.get('meta')?.initialized()).toBe(true);
    expect(tracking.registry.get('googleAds')?.initialized()).toBe(false);
    expect(adsScript()).toHaveLength(0);
    expect(fbq().map((c) => c[1])).toContain('Lead');
    expect(dataLayerCalls(win).filter((c) => JSON.stringify(c).includes('AW-123'))).toEqual([]);

    tracking.setConsent({ analytics: false, marketing: false, googleAds: true, decided: true });
    expect(tracking.registry.get('googleAds')?.initialized()).toBe(true);
    expect(tracking.registry.get('meta')?.initialized()).toBe(false);
    expect(adsScript()).toHaveLength(1);
    expect(dataLayerCalls(win)).toContainEqual(['config', 'AW-123', expect.anything()]);
  });

  it('stops firing when consent is withdrawn', () => {
    const { tracking, fbq } = setup();
    tracking.setConsent({ analytics: true, marketing: true, googleAds: true, decided: true });
    tracking.setConsent({ analytics: false, marketing: false, googleAds: false, decided: true });
    expect(tracking.registry.get('meta')?.initialized()).toBe(false);
    expect(tracking.track(createEvent('Lead'))).toBe(false);
    expect(fbq()).toEqual([]);
  });

  it('obeys an external consent verdict and hidden pixels', () => {
    const { tracking, jar } = setup();
    jar.set('hide_tag_G-TEST', 'true');
    const result = tracking.setConsent({ analytics: true, marketing: true, googleAds: true, decided: true }, { disabledProviders: ['meta'] });
    expect(result.loaded).toEqual([]);
    expect(tracking.isAllowed('meta')).toBe(false);
  });

  it('attaches time-on-page and captures form fields only with marketing consent', () => {
    const { tracking, win, jar } = setup();
    tracking.setConsent({ analytics: true, marketing: false, googleAds: false, decided: true });
    const cleanup = tracking.attachTriggers();
    document.body.innerHTML = '<input name="email" type="email">';
    const input = document.querySelector('input');
    if (!input) throw new Error('no input');
    input.value = 'ann@example.com';
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    expect(readFormData(jar).email).toBe('');
    tracking.setConsent({ analytics: true, marketing: true, googleAds: true, decided: true });
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    expect(readFormData(jar).email).toBe('ann@example.com');
    vi.advanceTimersByTime(30_000);
    expect(dataLayerCalls(win).find((c) => c[1] === 'TimeOnPage')?.[2]).toMatchObject({ time_on_page: 30 });
    cleanup();
  });

  it('fires URL click events configured by the server', () => {
    const { tracking, fbq } = setup({ ...CONFIG, urlClickEvents: [{ id: '1', urls: [{ value: '/sale', rule: 'contains' }], name: 'SaleClick' }] });
    tracking.setConsent({ analytics: true, marketing: true, googleAds: true, decided: true });
    tracking.attachTriggers();
    const a = document.createElement('a');
    a.href = '/sale/';
    a.addEventListener('click', (e) => e.preventDefault());
    document.body.appendChild(a);
    a.click();
    expect(fbq().map((c) => [c[0], c[1]])).toEqual([['trackCustom', 'SaleClick']]);
  });
});

describe('cookie removal', () => {
  it('removes identifier cookies when marketing consent goes', () => {
    const { tracking, jar } = setup();
    tracking.setConsent({ analytics: true, marketing: true, googleAds: true, decided: true });
    for (const name of ['pbid', 'pys_advanced_form_data', '_fbp', '_fbc', 'vitrine_tw_x']) jar.set(name, '1');
    tracking.setConsent({ analytics: true, marketing: false, googleAds: false, decided: true });
    expect(jar.names()).toEqual(['vitrine_tw_x']);
  });

  it('removes the cookies a cookie-disable option names and stops capturing form data', () => {
    const { tracking, jar } = setup();
    jar.set('pbid', 'x');
    jar.set('pys_advanced_form_data', '{}');
    jar.set('_fbp', 'fb.1.1.1');
    tracking.setConsent({ analytics: true, marketing: true, googleAds: true, decided: true }, { cookies: { externalId: true, advancedFormData: true } });
    expect(jar.names()).toEqual(['_fbp']);
    tracking.attachTriggers();
    document.body.innerHTML = '<input name="email" type="email" value="ann@example.com">';
    document.querySelector('input')?.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    expect(jar.get('pys_advanced_form_data')).toBeUndefined();
  });
});

describe('readEmbeddedConfig', () => {
  it('reads the embedded configuration and normalises serverEvents', () => {
    const win = { __VITRINE_TRACKING__: { ...CONFIG, serverEvents: true } };
    expect(readEmbeddedConfig(win)?.serverEvents).toEqual({ enabled: true });
    expect(readEmbeddedConfig({ __VITRINE_TRACKING__: CONFIG })?.providers.meta?.pixelIds).toEqual(['111']);
  });

  it('turns tracking off for a missing or malformed configuration', () => {
    const logger = { warn: vi.fn() };
    expect(readEmbeddedConfig({}, logger)).toBeNull();
    expect(readEmbeddedConfig({ __VITRINE_TRACKING__: 'x' }, logger)).toBeNull();
    expect(readEmbeddedConfig({ __VITRINE_TRACKING__: { ...CONFIG, consent: { bannerVersion: 1 } } }, logger)).toBeNull();
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });
});

describe('loadEmbeddedConfig', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('reads the JSON script the server embeds and exposes it as window.__VITRINE_TRACKING__', () => {
    document.body.innerHTML = `<script id="vitrine-tracking" type="application/json">${JSON.stringify({ ...CONFIG, page_token: 't' })}</script>`;
    const win: Record<string, unknown> = {};
    expect(loadEmbeddedConfig(document, win)?.providers.meta?.pixelIds).toEqual(['111']);
    expect((win.__VITRINE_TRACKING__ as { page_token: string }).page_token).toBe('t');
  });

  it('keeps a configuration already set on the window, and is off without one', () => {
    const win = { __VITRINE_TRACKING__: CONFIG };
    expect(loadEmbeddedConfig(document, win)?.consent.bannerVersion).toBe(CONFIG.consent.bannerVersion);
    expect(loadEmbeddedConfig(document, {})).toBeNull();
  });

  it('turns tracking off for invalid JSON', () => {
    document.body.innerHTML = '<script id="vitrine-tracking" type="application/json">{oops</script>';
    const logger = { warn: vi.fn() };
    expect(loadEmbeddedConfig(document, {}, logger)).toBeNull();
    expect(logger.warn).toHaveBeenCalledOnce();
  });
});
