//! Every provider's factory, loaded up front: for tests (the app loads them on demand, factories.ts).

import { createBingProvider } from './bing';
import { createGa4Provider } from './ga4';
import { createGoogleAdsProvider } from './google-ads';
import { createMetaProvider } from './meta';
import { createPinterestProvider } from './pinterest';
import type { ProviderFactories } from './registry';
import { createTikTokProvider } from './tiktok';

export const ALL_PROVIDERS: Required<ProviderFactories> = {
  meta: createMetaProvider,
  ga4: createGa4Provider,
  googleAds: createGoogleAdsProvider,
  tiktok: createTikTokProvider,
  pinterest: createPinterestProvider,
  bing: createBingProvider,
};
