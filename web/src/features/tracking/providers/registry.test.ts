import { resetDocument, testEvent } from '../test-support';
import type { ProviderId } from '../types';
import { ALL_PROVIDERS } from './all';
import { createProviderRegistry, type ProvidersConfig } from './registry';
import type { ProviderContext } from './types';

afterEach(resetDocument);

const CONFIG: ProvidersConfig = {
  meta: { pixelIds: ['111'], scriptUrl: '/stub/fbevents.js' },
  ga4: { trackingIds: ['G-ABC'], scriptUrl: '/stub/gtag.js' },
  googleAds: { conversionIds: ['AW-1'], scriptUrl: '/stub/gtag.js' },
  tiktok: { pixelIds: ['TT1'], scriptUrl: '/stub/tiktok.js' },
  pinterest: { tagIds: ['P1'], scriptUrl: '/stub/pinterest.js' },
  bing: { tagIds: ['B1'], scriptUrl: '/stub/bat.js' },
};

const context = (overrides: Partial<ProviderContext> = {}): ProviderContext => ({ win: {}, doc: document, ...overrides });
const all = () => true;

describe('provider lifecycle', () => {
  it('drops events before the provider has loaded', () => {
    const registry = createProviderRegistry(CONFIG, ALL_PROVIDERS);
    for (const provider of registry.list()) {
      expect(provider.initialized()).toBe(false);
      expect(provider.fire(testEvent('PageView'))).toBe(false);
    }
  });

  it('loads each provider once and inserts one script per URL', () => {
    const registry = createProviderRegistry(CONFIG, ALL_PROVIDERS);
    const ctx = context();
    expect(registry.sync(all, ctx).loaded).toEqual(['meta', 'ga4', 'googleAds', 'tiktok', 'pinterest', 'bing']);
    expect(registry.sync(all, ctx).loaded).toEqual([]);
    expect(document.querySelectorAll('script[src="/stub/gtag.js"]')).toHaveLength(1);
    expect(document.scripts).toHaveLength(5);
  });

  it('resets a disabled provider to uninitialised and reloads it without a second script', () => {
    const registry = createProviderRegistry(CONFIG, ALL_PROVIDERS);
    const meta = registry.get('meta');
    const ctx = context();
    meta?.load(ctx);
    meta?.disable();
    expect(meta?.initialized()).toBe(false);
    expect(meta?.fire(testEvent('PageView'))).toBe(false);
    expect(meta?.load(ctx)).toBe(true);
    expect(document.querySelectorAll('script[src="/stub/fbevents.js"]')).toHaveLength(1);
  });

  it('skips providers without ids', () => {
    const registry = createProviderRegistry({ meta: { pixelIds: [] }, ga4: { trackingIds: ['G-1'] } }, ALL_PROVIDERS);
    expect(registry.list().map((p) => p.id)).toEqual(['ga4']);
    expect(registry.get('meta')).toBeUndefined();
  });

  it('leaves hidden pixel ids out and does not load when every id is hidden', () => {
    const registry = createProviderRegistry({ meta: { pixelIds: ['1', '2'] }, tiktok: { pixelIds: ['T'] } }, ALL_PROVIDERS);
    const ctx = context({ isHidden: (id) => id === '1' || id === 'T' });
    registry.sync(all, ctx);
    expect(registry.get('meta')?.ids()).toEqual(['2']);
    expect(registry.get('tiktok')?.initialized()).toBe(false);
  });

  it('targets only the listed tracking ids and providers', () => {
    const registry = createProviderRegistry({ meta: { pixelIds: ['1', '2'] }, ga4: { trackingIds: ['G-1'] } }, ALL_PROVIDERS);
    registry.sync(all, context());
    expect(registry.fire(testEvent('Lead', { trackingIds: ['3'] }), all)).toEqual([]);
    expect(registry.fire(testEvent('Lead', { providers: ['ga4'] }), all)).toEqual(['ga4']);
  });

  it('logs and refuses to load when the snippet throws', () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    const frozen = Object.freeze({});
    const provider = createProviderRegistry({ meta: { pixelIds: ['1'] } }, ALL_PROVIDERS).get('meta');
    expect(provider?.load(context({ win: frozen, logger }))).toBe(false);
    expect(logger.error).toHaveBeenCalled();
  });
});

describe('registry.sync and fire with consent', () => {
  it('loads only allowed providers, fans out to them and disables them when consent goes', () => {
    const registry = createProviderRegistry(CONFIG, ALL_PROVIDERS);
    const ctx = context();
    const analyticsOnly = (id: ProviderId) => id === 'ga4';
    expect(registry.sync(analyticsOnly, ctx)).toEqual({ loaded: ['ga4'], disabled: [] });
    expect(registry.fire(testEvent('PageView'), all)).toEqual(['ga4']);
    expect(registry.sync(all, ctx).loaded).toEqual(['meta', 'googleAds', 'tiktok', 'pinterest', 'bing']);
    expect(registry.fire(testEvent('PageView'), analyticsOnly)).toEqual(['ga4']);
    expect(registry.sync(() => false, ctx).disabled).toHaveLength(6);
    expect(registry.fire(testEvent('PageView'), all)).toEqual([]);
  });
});
