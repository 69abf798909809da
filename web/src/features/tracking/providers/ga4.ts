//! Google Analytics 4 through gtag: config per measurement id, events with send_to.

import { providerEventName } from '../names';
import type { EventParams } from '../types';
import { createProvider } from './base';
import { ensureGtag, gtagScriptUrl } from './gtag';
import { providerParams } from './params';
import { loadScriptOnce } from './script-loader';
import type { Provider } from './types';

export interface Ga4Config {
  trackingIds: string[];
  /** Default: gtag.js for the first id. */
  scriptUrl?: string;
  linkAttribution?: boolean;
  anonymizeIp?: boolean;
  debugMode?: boolean;
}

/** Ids starting with G are GA4 (v4) properties; others are legacy Universal Analytics. */
export function isGa4Id(id: string): boolean {
  return id.startsWith('G');
}

const AUTO_COLLECTED = ['page_title', 'event_url', 'landing_page'];
const LEGACY_ONLY = ['traffic_source', 'event_category', 'event_label', 'ecomm_prodid', 'ecomm_pagetype', 'ecomm_totalvalue'];

/** GA4 collects page data itself and has no legacy ecommerce/category fields. */
export function ga4EventParams(id: string, params: EventParams): EventParams {
  const drop = new Set([...AUTO_COLLECTED, ...(isGa4Id(id) ? LEGACY_ONLY : [])]);
  return Object.fromEntries(Object.entries(params).filter(([key]) => !drop.has(key)));
}

export function createGa4Provider(config: Ga4Config): Provider {
  return createProvider('ga4', config.trackingIds, {
    install(ctx, ids) {
      const gtag = ensureGtag(ctx.win);
      loadScriptOnce(ctx.doc, config.scriptUrl ?? gtagScriptUrl(ids[0] ?? ''));
      gtag('js', new Date());
      for (const id of ids) {
        const settings: EventParams = { send_page_view: false };
        if (config.linkAttribution !== undefined) settings.link_attribution = config.linkAttribution;
        if (config.anonymizeIp !== undefined && !isGa4Id(id)) settings.anonymize_ip = config.anonymizeIp;
        if (config.debugMode) settings.debug_mode = true;
        if (ctx.userId) settings.user_id = String(ctx.userId);
        gtag('config', id, settings);
      }
    },
    send(ctx, ids, event) {
      const gtag = ensureGtag(ctx.win);
      const name = providerEventName('ga4', event.name);
      const params = providerParams('ga4', event);
      for (const id of ids) gtag('event', name, { ...ga4EventParams(id, params), send_to: id });
    },
  });
}
