//! The tracking engine, a chunk of its own: the configured providers (each its own chunk too),
//! events, triggers and attribution. The runtime (runtime.ts) loads it once something may be
//! tracked and hands it each page, consent change and shop event from then on.

import type { AddedToCartDetail } from '@/features/cart/added-event';
import type { CheckoutStepDetail } from '@/features/checkout/checkout-events';
import type { PurchaseDetail } from '@/features/orders/purchase-event';
import { applyAttribution, eventAttributionParams } from '@/features/attribution';
import type { ConsentStore } from '@/features/consent';
import { allowedCategories, createEvent, createTracking, loadProviderFactories, pageViewEvent, type Tracking, type TrackingConfig, type TrackingEvent } from '@/features/tracking';
import type { VideoMarkParams } from '@/features/tracking/video/tracker';
import type { CookieJar } from '@/lib/cookies';
import type { PageData } from '@/lib/api/types';
import { addedToCartEvent, checkoutStepEvent, pageEventsFor, productListOf, purchaseEventFrom, shownItemsOf, withList } from './page-events';

export interface EngineDeps {
  config: TrackingConfig;
  consent: ConsentStore;
  gpc: boolean;
  win: Window;
  doc: Document;
  jar: CookieJar;
  now: () => number;
  fetch?: typeof fetch;
  logger: Pick<Console, 'warn' | 'error'>;
}

export interface TrackingEngine {
  readonly tracking: Tracking;
  /** One storefront page was shown; `first` for the page the tab opened on. */
  page(page: PageData, href: string, referrer: string, first: boolean): void;
  /** The shop's own events (the runtime listens for them on the window). */
  added(detail: AddedToCartDetail): void;
  checkoutStep(detail: CheckoutStepDetail): void;
  purchase(detail: PurchaseDetail): void;
  /** One progress mark of an embedded video (spec §4): WatchVideo with the mark as `event_trigger`. */
  video(params: VideoMarkParams): void;
  /** Removes the consent listener and the triggers. */
  stop(): void;
}

export async function startEngine(deps: EngineDeps): Promise<TrackingEngine> {
  const { config, consent, gpc, win, doc, jar, now, logger } = deps;
  const providers = await loadProviderFactories(config.providers, logger);
  // Every event carries the visit's attribution, cleaned to slugs (spec §5); its own params win.
  const beforeSend = (event: TrackingEvent) => ({ ...event, params: { ...eventAttributionParams(jar), ...event.params } });
  const tracking = createTracking(config, { win, doc, jar, now, gpc, fetch: deps.fetch, logger, providers, beforeSend });
  tracking.setConsent(consent.state(), consent.external());

  let lastHref: string | null = null;
  let detachTriggers: (() => void) | null = null;
  let currency: string | undefined;
  let current: PageData | null = null;

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

  return {
    tracking,
    page(page, href, referrer, first) {
      lastHref = href;
      current = page;
      currency = page.site.currency.current || page.site.base_currency;
      runAttribution(href, referrer);
      const staticEvents = first ? (config.staticEvents ?? []) : [];
      const selected = page.route === 'product' ? tracking.selectedList(String(page.product.id)) : undefined;
      // The page's own events come with its data (first page and client-side navigations alike).
      const events = pageEventsFor(page, selected);
      tracking.pageList(productListOf(page), shownItemsOf(events));
      tracking.pageView([...staticEvents, pageViewEvent(), ...events]);
      detachTriggers?.();
      detachTriggers = tracking.attachTriggers();
    },
    added(detail) {
      // A disabled button's add fires nothing; grouped and bundle products from their page: the
      // form's builders; otherwise the cart's lines.
      const added = addedToCartEvent(detail, current, currency);
      // Added from its own page: the list it was selected from (select_prod_list) goes along.
      const own = current?.route === 'product' && current.product.id === detail.request.product_id;
      const list = own ? tracking.selectedList(String(detail.request.product_id)) : undefined;
      if (added) tracking.track(withList(added, list));
    },
    checkoutStep(detail) {
      const step = checkoutStepEvent(detail);
      if (step) tracking.track(step);
    },
    purchase(detail) {
      tracking.track(purchaseEventFrom(detail));
    },
    video(params) {
      tracking.track(createEvent('WatchVideo', { params: { ...params } }));
    },
    stop() {
      unsubscribe();
      detachTriggers?.();
      detachTriggers = null;
    },
  };
}
