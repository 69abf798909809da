//! The configuration the server embeds as `window.__VITRINE_TRACKING__` (see README.md).

import type { FieldLists } from './matching/form-capture';
import type { HidePixelRule } from './hidden-pixels';
import type { ProvidersConfig } from './providers/registry';
import type { UrlTrigger } from './triggers/urls';
import type { EventParams, ProviderId, TrackingEvent } from './types';

/** Consent settings (structurally the consent feature's `ConsentConfig`). */
export interface EmbeddedConsentConfig {
  /** Whether the shop shows its own banner (default true); off when another tool decides. */
  banner?: boolean;
  bannerVersion: string;
  defaultDenied: boolean;
  reaskAfterMonths?: number;
  respectGpc?: boolean;
  waitForUpdateMs?: number;
  regions?: string[];
  /** URL of a `pys_get_gdpr_filters_values`-style endpoint, when another consent tool drives us. */
  filtersUrl?: string;
  privacyPolicyUrl?: string;
}

export interface ServerEventsConfig {
  enabled: boolean;
  /**
   * The intake and pbid paths the server names. The API client knows both from the OpenAPI
   * document, so these are not read.
   */
  endpoint?: string;
  pbidEndpoint?: string;
  /** `external_id_expire` in days (default 180). */
  externalIdExpireDays?: number;
}

/** Attribution settings (passed to the attribution feature by the app shell). */
export interface EmbeddedAttributionConfig {
  enabled: boolean;
  /** Minutes (default 30). */
  sessionLength?: number;
  /** Months (default 6). */
  lifetime?: number;
  base64?: boolean;
  /** WooCommerce field prefix (default `wc_order_attribution_`). */
  prefix?: string;
  /** PixelYourSite visit cookies: `cookie_duration` days and `last_visit_duration` minutes. */
  cookieDurationDays?: number;
  lastVisitDurationMinutes?: number;
}

export interface AutomaticEventsConfig {
  scrollPercent?: number;
  timeOnPageSeconds?: number;
  downloadExtensions?: string[];
  links?: boolean;
  forms?: boolean;
  comments?: boolean;
}

/** A custom event fired when a clicked link matches one of its URL rules. */
export interface UrlClickEventConfig {
  id: string;
  urls: UrlTrigger[];
  name: string;
  params?: EventParams;
  providers?: ProviderId[];
}

export interface TrackingConfig {
  providers: ProvidersConfig;
  consent: EmbeddedConsentConfig;
  serverEvents: ServerEventsConfig;
  attribution: EmbeddedAttributionConfig;
  hidePixels?: HidePixelRule[];
  advancedMatching?: { enabled: boolean; fieldLists?: FieldLists };
  automatic?: AutomaticEventsConfig;
  urlClickEvents?: UrlClickEventConfig[];
  /** Static events the server prepared for this page (event ids may be server-made). */
  staticEvents?: TrackingEvent[];
  /** Logged-in user id (0 or null when anonymous). */
  userId?: number | null;
}

export const EMBED_KEY = '__VITRINE_TRACKING__';
/** The JSON script element the server embeds the configuration in (the CSP forbids inline scripts). */
export const EMBED_ELEMENT_ID = 'vitrine-tracking';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Reads and sanity-checks the embedded configuration; returns null (tracking stays off) when
 * it is missing or malformed, logging why.
 */
export function readEmbeddedConfig(win: object, logger: Pick<Console, 'warn'> = console): TrackingConfig | null {
  const raw = (win as Record<string, unknown>)[EMBED_KEY];
  if (raw === undefined) return null;
  if (!isObject(raw) || !isObject(raw.providers) || !isObject(raw.consent) || !isObject(raw.attribution)) {
    logger.warn('tracking: embedded configuration is malformed, tracking is off');
    return null;
  }
  const consent = raw.consent;
  if (typeof consent.bannerVersion !== 'string' || typeof consent.defaultDenied !== 'boolean') {
    logger.warn('tracking: consent.bannerVersion and consent.defaultDenied are required, tracking is off');
    return null;
  }
  const server = isObject(raw.serverEvents) ? raw.serverEvents : { enabled: raw.serverEvents === true };
  return { ...(raw as unknown as TrackingConfig), serverEvents: { ...server, enabled: server.enabled === true } };
}

/**
 * Copies the JSON the server embedded in `script#vitrine-tracking` to
 * `window.__VITRINE_TRACKING__` (unless something set it already) and reads it with
 * {@link readEmbeddedConfig}. A page without the element has tracking off (null).
 */
export function loadEmbeddedConfig(doc: Document, win: object, logger: Pick<Console, 'warn'> = console): TrackingConfig | null {
  const record = win as Record<string, unknown>;
  if (record[EMBED_KEY] === undefined) {
    const text = doc.getElementById(EMBED_ELEMENT_ID)?.textContent?.trim();
    if (!text) return null;
    try {
      record[EMBED_KEY] = JSON.parse(text) as unknown;
    } catch {
      logger.warn('tracking: the embedded configuration is not valid JSON, tracking is off');
      return null;
    }
  }
  return readEmbeddedConfig(win, logger);
}
