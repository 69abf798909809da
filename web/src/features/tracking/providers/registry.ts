//! The provider registry: builds configured providers, syncs them with consent, fans events out.
//! Each provider's code is a chunk of its own (factories.ts loads only the configured ones).

import { PROVIDER_IDS, type ProviderId, type TrackingEvent } from '../types';
import type { BingConfig } from './bing';
import type { Ga4Config } from './ga4';
import type { GoogleAdsConfig } from './google-ads';
import type { MetaConfig } from './meta';
import type { PinterestConfig } from './pinterest';
import type { TikTokConfig } from './tiktok';
import type { Provider, ProviderContext } from './types';

export interface ProvidersConfig {
  meta?: MetaConfig;
  ga4?: Ga4Config;
  googleAds?: GoogleAdsConfig;
  tiktok?: TikTokConfig;
  pinterest?: PinterestConfig;
  bing?: BingConfig;
}

/** The provider constructors at hand (factories.ts loads them; tests pass every one). */
export type ProviderFactories = { [K in keyof ProvidersConfig]?: (config: NonNullable<ProvidersConfig[K]>) => Provider };

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

/** Builds the configured providers whose factory is at hand (a provider whose code failed to load is left out). */
export function createProviderRegistry(config: ProvidersConfig, factories: ProviderFactories): ProviderRegistry {
  const built: Array<Provider | undefined> = [
    config.meta && factories.meta?.(config.meta),
    config.ga4 && factories.ga4?.(config.ga4),
    config.googleAds && factories.googleAds?.(config.googleAds),
    config.tiktok && factories.tiktok?.(config.tiktok),
    config.pinterest && factories.pinterest?.(config.pinterest),
    config.bing && factories.bing?.(config.bing),
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
