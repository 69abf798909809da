//! Where consent, tracking and attribution meet (features never import each other; the app
//! shell wires them, features/tracking/README.md "Page-load wiring"). One runtime per tab:
//! created before the first render, fed each storefront page (first load and client-side
//! navigations) and each consent decision.

import { ADDED_TO_CART_EVENT, type AddedToCartDetail } from '@/features/cart/added-event';
import { CHECKOUT_STEP_EVENT, type CheckoutStepDetail } from '@/features/checkout/checkout-events';
import { PURCHASE_EVENT, type PurchaseDetail } from '@/features/orders/purchase-event';
import { applyAttribution } from '@/features/attribution';
import {
  consentModeSignals,
  createConsentStore,
  fetchGdprFilters,
  pushConsentMode,
  readGpc,
  recordDecision,
  saveDecision,
  type ConsentDecision,
  type ConsentStore,
  type RecordOptions,
} from '@/features/consent';
import {
  allowedCategories,
  applyHidePixelRules,
  createTracking,
  ensureGtag,
  loadEmbeddedConfig,
  pageViewEvent,
  type Tracking,
  type TrackingConfig,
} from '@/features/tracking';
import { documentCookieJar, type CookieJar } from '@/lib/cookies';
import type { PageData } from '@/lib/api/types';
import { addToCartEventFrom, checkoutStepEvent, pageEventsFor, purchaseEventFrom } from './page-events';

export interface TrackingRuntime {
  readonly config: TrackingConfig;
  readonly consent: ConsentStore;
  readonly tracking: Tracking;
  readonly gpc: boolean;
  /** Whether the shop's own banner should ask now (banner on, no valid decision). */
  needsBanner(): boolean;
  /** A banner decision: Consent Mode update, decision cookie, proof POST, then providers. */
  decide(decision: ConsentDecision): Promise<void>;
  /** One storefront page was shown (first load or client-side navigation). */
  page(page: PageData, href: string): void;
  /** Removes listeners and triggers (tests). */
  stop(): void;
}

export interface TrackingRuntimeEnv {
  win: Window;
  doc: Document;
  jar?: CookieJar;
  now?: () => number;
  fetch?: typeof fetch;
  gpc?: boolean;
  logger?: Pick<Console, 'warn' | 'error'>;
}

/**
 * Reads the embedded configuration and starts consent and tracking; null when the page has
 * no configuration (tracking off). Sets Consent Mode's default before any Google tag can run;
 * nothing loads, is sent or is stored as a tracking cookie until the visitor allows it.
 */
export function startTracking(env: TrackingRuntimeEnv): TrackingRuntime | null {
  const { win, doc } = env;
  const logger = env.logger ?? console;
  const config = loadEmbeddedConfig(doc, win, logger);
  if (!config) return null;
  const jar = env.jar ?? documentCookieJar(doc);
  const now = env.now ?? (() => Date.now());
  const gpc = env.gpc ?? readGpc(win.navigator);
  const record: RecordOptions = { fetch: env.fetch, logger };
  // The runtime posts the proof itself (see decide), so the store only stores and broadcasts.
  const consent = createConsentStore({ jar, config: config.consent, gpc, now, record: false });

  pushConsentMode(ensureGtag(win), consent.decision(), config.consent, gpc);
  applyHidePixelRules(jar, win.location.href, config.hidePixels ?? [], now());

  const tracking = createTracking(config, { win, doc, jar, now, gpc, fetch: env.fetch, logger });
  tracking.setConsent(consent.state(), consent.external());

  let lastHref: string | null = null;
  let detachTriggers: (() => void) | null = null;

  const runAttribution = (href: string, referrer: string) => {
    const gate = { defaultDenied: config.consent.defaultDenied, respectGpc: config.consent.respectGpc };
    const allowed = allowedCategories(consent.state(), gpc, gate).analytics;
    const a = config.attribution;
    try {
      applyAttribution(
        { jar, page: { href, referrer, userAgent: win.navigator.userAgent }, now },
        {
          enabled: a.enabled && allowed,
          sourcebuster: { lifetime: a.lifetime, sessionLength: a.sessionLength, base64: a.base64, timezoneOffset: 0 },
          visits: {
            siteUrl: win.location.origin,
            cookieDurationDays: a.cookieDurationDays,
            lastVisitDurationMinutes: a.lastVisitDurationMinutes,
            disabled: consent.external()?.cookies,
          },
        },
      );
    } catch (error) {
      logger.warn('tracking: attribution failed', error);
    }
  };

  const unsubscribe = consent.subscribe((state) => {
    tracking.setConsent(state, consent.external());
    if (lastHref) runAttribution(lastHref, doc.referrer);
  });

  if (config.consent.filtersUrl) {
    void fetchGdprFilters(config.consent.filtersUrl)
      .then((external) => consent.setExternal(external))
      .catch((error: unknown) => logger.warn('consent: the filters endpoint failed', error));
  }

  let currency: string | undefined;
  const onAdded = (event: Event) => {
    const detail = (event as CustomEvent<AddedToCartDetail>).detail;
    const added = detail ? addToCartEventFrom(detail, currency) : null;
    if (added) tracking.track(added);
  };
  win.addEventListener(ADDED_TO_CART_EVENT, onAdded);
  const onCheckoutStep = (event: Event) => {
    const detail = (event as CustomEvent<CheckoutStepDetail>).detail;
    const step = detail ? checkoutStepEvent(detail) : null;
    if (step) tracking.track(step);
  };
  win.addEventListener(CHECKOUT_STEP_EVENT, onCheckoutStep);
  const onPurchase = (event: Event) => {
    const detail = (event as CustomEvent<PurchaseDetail>).detail;
    if (detail) tracking.track(purchaseEventFrom(detail));
  };
  win.addEventListener(PURCHASE_EVENT, onPurchase);

  let firstPage = true;
  return {
    config,
    consent,
    tracking,
    gpc,
    needsBanner: () => config.consent.banner !== false && consent.needsBanner(),
    async decide(decision) {
      ensureGtag(win)('consent', 'update', consentModeSignals(decision, config.consent, gpc));
      // The decision cookie is written at once (a navigation right after the click keeps it);
      // providers start once the server has the proof, so its gate already knows the choice
      // when the first server copy of an event arrives.
      saveDecision(jar, decision, config.consent);
      await recordDecision(decision, record);
      consent.decide(decision);
    },
    page(page, href) {
      const referrer = lastHref ?? doc.referrer;
      lastHref = href;
      currency = page.site.base_currency;
      runAttribution(href, referrer);
      const staticEvents = firstPage ? (config.staticEvents ?? []) : [];
      firstPage = false;
      tracking.pageView([...staticEvents, pageViewEvent(), ...pageEventsFor(page)]);
      detachTriggers?.();
      detachTriggers = tracking.attachTriggers();
    },
    stop() {
      unsubscribe();
      detachTriggers?.();
      detachTriggers = null;
      win.removeEventListener(ADDED_TO_CART_EVENT, onAdded);
      win.removeEventListener(CHECKOUT_STEP_EVENT, onCheckoutStep);
      win.removeEventListener(PURCHASE_EVENT, onPurchase);
    },
  };
}
