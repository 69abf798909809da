//! The provider registry: builds configured providers, syncs them with consent, fans events out.

import { PROVIDER_IDS, type ProviderId, type TrackingEvent } from '../types';
import { createBingProvider, type BingConfig } from './bing';
import { createGa4Provider, type Ga4Config } from './ga4';
import { createGoogleAdsProvider, type GoogleAdsConfig } from './google-ads';
import { createMetaProvider, type MetaConfig } from './meta';
import { createPinterestProvider, type PinterestConfig } from './pinterest';
import { createTikTokProvider, type TikTokConfig } from './tiktok';
import type { Provider, ProviderContext } from './types';

export interface ProvidersConfig {
  meta?: MetaConfig;
  ga4?: Ga4Config;
  googleAds?: GoogleAdsConfig;
  tiktok?: TikTokConfig;
  pinterest?: PinterestConfig;
  bing?: BingConfig;
}

export interface SyncResult {
  loaded: ProviderId[];
  disabled: ProviderId[];
}

export interface ProviderRegistry {
  get(id: ProviderId): Provider | undefined;
  list(): Provider[];
  /** Loads allowed providers that are not initialised yet and disables those no longer allowed. */
  sync(isAllowed: (id: ProviderId) => boolean, ctx: ProviderContext): SyncResult;
  /** Fires to allowed, initialised providers; returns the ones that took the event. */
  fire(event: TrackingEvent, isAllowed: (id: ProviderId) => boolean): ProviderId[];
}

export function createProviderRegistry(config: ProvidersConfig): ProviderRegistry {
  const built: Array<Provider | undefined> = [
    config.meta && createMetaProvider(config.meta),
    config.ga4 && createGa4Provider(config.ga4),
    config.googleAds && createGoogleAdsProvider(config.googleAds),
    config.tiktok && createTikTokProvider(config.tiktok),
    config.pinterest && createPinterestProvider(config.pinterest),
    config.bing && createBingProvider(config.bing),
  ];
  const providers = new Map<ProviderId, Provider>();
  for (const provider of built) if (provider?.enabled()) providers.set(provider.id, provider);
  const ordered = () => PROVIDER_IDS.flatMap((id) => providers.get(id) ?? []);
  return {
    get: (id) => providers.get(id),
    list: ordered,
    sync(isAllowed, ctx) {
      const result: SyncResult = { loaded: [], disabled: [] };
      for (const provider of ordered()) {
        if (isAllowed(provider.id)) {
          if (!provider.initialized() && provider.load(ctx)) result.loaded.push(provider.id);
        } else if (provider.initialized()) {
          provider.disable();
          result.disabled.push(provider.id);
        }
      }
      return result;
    },
    fire(event, isAllowed) {
      return ordered()
        .filter((provider) => isAllowed(provider.id) && provider.fire(event))
        .map((provider) => provider.id);
    },
  };
}
