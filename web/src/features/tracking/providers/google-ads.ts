//! Google Ads through gtag: remarketing events per conversion id plus labelled conversions.

import { providerEventName } from '../names';
import type { TrackingEvent } from '../types';
import { createProvider } from './base';
import { ensureGtag, gtagScriptUrl } from './gtag';
import { compact, providerParams } from './params';
import { loadScriptOnce } from './script-loader';
import type { AdvancedMatching, Provider } from './types';

export interface GoogleAdsConfig {
  /** `AW-…` ids. */
  conversionIds: string[];
  scriptUrl?: string;
  /** Canonical event name → `AW-…/label` targets counted as conversions. */
  conversionLabels?: Record<string, string[]>;
  /** Send `user_data` for enhanced conversions when advanced matching data exists. */
  enhancedConversions?: boolean;
}

/** Enhanced-conversions `user_data`; Google hashes it in gtag.js. */
export function adsUserData(am: AdvancedMatching | undefined) {
  if (!am) return null;
  const address = compact({ first_name: am.first_name, last_name: am.last_name });
  const data = compact({ email: am.email, phone_number: am.phone, address: Object.keys(address).length ? address : undefined });
  return Object.keys(data).length ? data : null;
}

/** Labels for this event whose account is among the targeted ids. */
export function conversionTargets(config: GoogleAdsConfig, ids: string[], event: TrackingEvent): string[] {
  const labels = [...(config.conversionLabels?.[event.name] ?? []), ...(event.conversionLabels ?? [])];
  return [...new Set(labels)].filter((label) => ids.includes(label.split('/')[0] ?? ''));
}

export function createGoogleAdsProvider(config: GoogleAdsConfig): Provider {
  return createProvider('googleAds', config.conversionIds, {
    install(ctx, ids) {
      const gtag = ensureGtag(ctx.win);
      loadScriptOnce(ctx.doc, config.scriptUrl ?? gtagScriptUrl(ids[0] ?? ''));
      gtag('js', new Date());
      const userData = config.enhancedConversions ? adsUserData(ctx.advancedMatching) : null;
      if (userData) gtag('set', 'user_data', userData);
      for (const id of ids) gtag('config', id, { send_page_view: false, ...(userData ? { allow_enhanced_conversions: true } : {}) });
    },
    send(ctx, ids, event) {
      const gtag = ensureGtag(ctx.win);
      const params = providerParams('googleAds', event);
      const name = providerEventName('googleAds', event.name);
      for (const id of ids) gtag('event', name, { ...params, send_to: id });
      for (const target of conversionTargets(config, ids, event)) {
        gtag('event', 'conversion', compact({
          send_to: target,
          value: params.value ?? undefined,
          currency: params.currency ?? undefined,
          transaction_id: params.transaction_id ?? event.eventID,
        }));
      }
    },
  });
}
