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
import type { CartView, PageData } from '@/lib/api/types';
import { addedToCartEvent, checkoutStepEvent, pageEventsFor, productListOf, purchaseEventFrom, shownItemsOf, withCartLines, withList } from './page-events';

/**
 * The cart page's view waits at most this long for the visitor's cart (its view_cart carries the
 * lines); past it, it goes without them, as the server sent it.
 */
export const CART_WAIT_MS = 3000;

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
  /** Timers for the cart page's wait (tests); default: the window's. */
  timers?: { set(callback: () => void, ms: number): unknown; clear(handle: unknown): void };
}

export interface TrackingEngine {
  readonly tracking: Tracking;
  /** One storefront page was shown; `first` for the page the tab opened on. */
  page(page: PageData, href: string, referrer: string, first: boolean): void;
  /** The visitor's cart as the shop now knows it (from the server or another tab). */
  cart(cart: CartView): void;
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
  let knownCart: CartView | null = null;
  // The cart page's view, waiting for the cart: sent by cart(), or without lines by the timer.
  let waitingForCart: { send: (cart: CartView | null) => void; timer: unknown } | null = null;
  const timers = deps.timers ?? {
    set: (callback: () => void, ms: number) => win.setTimeout(callback, ms),
    clear: (handle: unknown) => win.clearTimeout(handle as number),
  };
  const stopWaiting = () => {
    if (waitingForCart) timers.clear(waitingForCart.timer);
    waitingForCart = null;
  };

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
      stopWaiting();
      const send = (cart: CartView | null) => {
        const shown = cart ? withCartLines(events, cart) : events;
        tracking.pageView([...staticEvents, pageViewEvent(), ...shown]);
        detachTriggers?.();
        detachTriggers = tracking.attachTriggers();
      };
      // The cart page's view_cart goes with the visitor's lines: at once when the cart is known,
      // otherwise once it is (at most CART_WAIT_MS).
      if (page.route !== 'cart' || knownCart || !events.some((e) => e.name === 'ViewCart')) {
        send(page.route === 'cart' ? knownCart : null);
        return;
      }
      const timer = timers.set(() => {
        waitingForCart = null;
        send(null);
      }, CART_WAIT_MS);
      waitingForCart = { send, timer };
    },
    cart(cart) {
      knownCart = cart;
      const waiting = waitingForCart;
      if (!waiting) return;
      stopWaiting();
      waiting.send(cart);
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
      stopWaiting();
      unsubscribe();
      detachTriggers?.();
      detachTriggers = null;
    },
  };
}
