//! Each tracking provider on demand: only the providers the shop configures are loaded, each
//! from a chunk of its own, when tracking starts. A provider whose chunk fails (or takes over
//! 120 s) is left out with a warning; the others run.

import { loadChunk } from '@/lib/chunks';
import type { Logger } from '../types';
import type { ProviderFactories, ProvidersConfig } from './registry';

type Loaders = { [K in keyof ProviderFactories]-?: () => Promise<NonNullable<ProviderFactories[K]>> };

const LOADERS: Loaders = {
  meta: () => import('./meta').then((m) => m.createMetaProvider),
  ga4: () => import('./ga4').then((m) => m.createGa4Provider),
  googleAds: () => import('./google-ads').then((m) => m.createGoogleAdsProvider),
  tiktok: () => import('./tiktok').then((m) => m.createTikTokProvider),
  pinterest: () => import('./pinterest').then((m) => m.createPinterestProvider),
  bing: () => import('./bing').then((m) => m.createBingProvider),
};

/** The factories of the providers `config` names, loaded side by side. */
export async function loadProviderFactories(config: ProvidersConfig, logger: Logger = console): Promise<ProviderFactories> {
  const ids = (Object.keys(LOADERS) as Array<keyof Loaders>).filter((id) => config[id] !== undefined);
  const factories: Record<string, unknown> = {};
  await Promise.all(
    ids.map((id) =>
      loadChunk<unknown>(LOADERS[id]).then(
        (factory) => {
          factories[id] = factory;
        },
        (error: unknown) => logger.warn(`tracking: the ${id} provider could not be loaded`, error),
      ),
    ),
  );
  return factories as ProviderFactories;
}
