//! Adapter for `pys_get_gdpr_filters_values`-style responses, so another consent tool can drive
//! us. Loaded only when the shop names such an endpoint (on-demand.ts).

import { ApiError, clientFor } from '@/lib/api/client';
import type { CookieFilterFlags, ExternalConsent, FilterProvider } from './external-consent';

/** Keys of the response `data`, exactly as PixelYourSite names them (research §3.4). */
const PROVIDER_FLAGS: ReadonlyArray<readonly [string, FilterProvider]> = [
  ['facebook_disabled_by_api', 'meta'],
  ['analytics_disabled_by_api', 'ga4'],
  ['google_ads_disabled_by_api', 'googleAds'],
  ['tiktok_disabled_by_api', 'tiktok'],
  ['pinterest_disabled_by_api', 'pinterest'],
  ['bing_disabled_by_api', 'bing'],
];

const COOKIE_FLAGS: ReadonlyArray<readonly [string, keyof CookieFilterFlags]> = [
  ['disabled_all_cookie', 'all'],
  ['disabled_start_session_cookie', 'startSession'],
  ['disabled_advanced_form_data_cookie', 'advancedFormData'],
  ['disabled_landing_page_cookie', 'landingPage'],
  ['disabled_first_visit_cookie', 'firstVisit'],
  ['disabled_trafficsource_cookie', 'trafficSource'],
  ['disabled_utmTerms_cookie', 'utmTerms'],
  ['disabled_utmId_cookie', 'utmId'],
  ['externalID_disabled_by_api', 'externalId'],
];

export interface GdprFiltersResponse {
  success: boolean;
  data?: Record<string, unknown>;
}

/** PHP may send booleans, 1/0 or "1"/"": only a clear yes counts. */
function flag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** Maps a response to our terms; null when it is not a success (then nothing changes). */
export function mapGdprFilters(response: GdprFiltersResponse): ExternalConsent | null {
  if (!response.success || typeof response.data !== 'object' || response.data === null) return null;
  const data = response.data;
  const cookies = Object.fromEntries(COOKIE_FLAGS.map(([key, name]) => [name, flag(data[key])])) as unknown as CookieFilterFlags;
  return {
    allDisabled: flag(data.all_disabled_by_api),
    disabledProviders: PROVIDER_FLAGS.filter(([key]) => flag(data[key])).map(([, provider]) => provider),
    cookies,
  };
}

/** GETs the filters; network or parse failures are logged and give null. */
export async function fetchGdprFilters(
  url: string,
  /** Default: the page's API client; tests hand in a fake fetch. */
  fetchImpl?: typeof fetch,
  logger: Pick<Console, 'warn'> = console,
): Promise<ExternalConsent | null> {
  try {
    // Another tool's answer: mapGdprFilters checks it field by field.
    return mapGdprFilters((await clientFor(fetchImpl).consent.filters(url)) as GdprFiltersResponse);
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) logger.warn(`consent: filters request failed with HTTP ${error.status}`);
    else logger.warn('consent: filters request failed', error);
    return null;
  }
}
