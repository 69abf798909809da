//! Where consent, tracking and attribution meet (features never import each other; the app
//! shell wires them, features/tracking/README.md "Page-load wiring"). One runtime per tab:
//! created before the first render, fed each storefront page (first load and client-side
//! navigations) and each consent decision. It carries only consent: the tracking itself
//! (engine.ts, with each configured provider) is a chunk loaded once something may be tracked.

import { ADDED_TO_CART_EVENT, type AddedToCartDetail } from '@/features/cart/added-event';
import { CHECKOUT_STEP_EVENT, type CheckoutStepDetail } from '@/features/checkout/checkout-events';
import { PURCHASE_EVENT } from '@/features/orders/purchase-event-name';
import type { PurchaseDetail } from '@/features/orders/purchase-event';
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
  anyCategoryAllowed,
  applyHidePixelRules,
  ensureGtag,
  loadEmbeddedConfig,
  removeIdentifierCookies,
  removeListAndFormCookies,
  type Tracking,
  type TrackingConfig,
} from '@/features/tracking';
import { api, type ApiClient } from '@/lib/api/client';
import type { VideoMarkParams } from '@/features/tracking/video/tracker';
import { loadChunk } from '@/lib/chunks';
import { documentCookieJar, type CookieJar } from '@/lib/cookies';
import type { CartView, PageData } from '@/lib/api/types';
import type { TrackingEngine } from './engine';

export interface TrackingRuntime {
  readonly config: TrackingConfig;
  readonly consent: ConsentStore;
  readonly gpc: boolean;
  /** Whether the shop's own banner should ask now (banner on, no valid decision). */
  needsBanner(): boolean;
  /** A banner decision: Consent Mode update, decision cookie, proof POST, then providers. */
  decide(decision: ConsentDecision): Promise<void>;
  /** One storefront page was shown (first load or client-side navigation). */
  page(page: PageData, href: string): void;
  /**
   * The visitor's cart as the shop now knows it (from the server or another tab, not the cached
   * copy): the cart page's view_cart carries its lines.
   */
  cart(cart: CartView): void;
  /** One progress mark of an embedded video; not tracked while nothing may be. */
  video(params: VideoMarkParams): void;
  /** The tracking once its code has loaded; null while nothing may be tracked (or it failed to load). */
  loaded(): Promise<Tracking | null>;
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
  /** Where the logged-in account is announced (default: the page's API client). */
  account?: Pick<ApiClient['account'], 'subscribe'>;
}

interface SeenPage {
  page: PageData;
  href: string;
  referrer: string;
  first: boolean;
}

/**
 * Reads the embedded configuration and starts consent; null when the page has no configuration
 * (tracking off). Sets Consent Mode's default before any Google tag can run; nothing loads, is
 * sent or is stored as a tracking cookie until the visitor allows it.
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

  const gate = { defaultDenied: config.consent.defaultDenied, respectGpc: config.consent.respectGpc };
  const mayTrack = () => {
    return anyCategoryAllowed(allowedCategories(consent.state(), gpc, gate));
  };

  // Spec §6: a logged-in user's non-zero id reaches analytics (GA4 `user_id`).
  let userId = config.userId ?? null;
  let engine: TrackingEngine | null = null;
  let starting: Promise<TrackingEngine | null> | null = null;
  let stopped = false;
  let seen: SeenPage | null = null;
  let knownCart: CartView | null = null;
  // Shop events while the engine's code is on its way (something is allowed): handed over on arrival.
  let waiting: Array<(engine: TrackingEngine) => void> = [];

  const start = () => {
    starting ??= loadChunk(() => import('./engine'))
      .then((module) => module.startEngine({ config: { ...config, userId }, consent, gpc, win, doc, jar, now, fetch: env.fetch, logger }))
      .then(
        (started) => {
          if (stopped) {
            started.stop();
            return null;
          }
          engine = started;
          if (knownCart) started.cart(knownCart);
          if (seen) started.page(seen.page, seen.href, seen.referrer, seen.first);
          const ops = waiting;
          waiting = [];
          ops.forEach((op) => op(started));
          return started;
        },
        (error: unknown) => {
          logger.error('tracking: could not load', error);
          return null;
        },
      );
    return starting;
  };
  // Shop events reach the engine; before anything is allowed they are not tracked at all.
  const forward = (op: (engine: TrackingEngine) => void) => {
    if (engine) op(engine);
    else if (starting) waiting.push(op);
  };

  const unsubscribe = consent.subscribe(() => {
    if (!engine && !starting && mayTrack()) void start();
  });
  if (mayTrack()) void start();
  // Nothing may be tracked: identifier, list and form cookies from an earlier, wider consent go.
  else {
    removeIdentifierCookies(jar);
    removeListAndFormCookies(jar);
  }

  if (config.consent.filtersUrl) {
    void fetchGdprFilters(config.consent.filtersUrl)
      .then((external) => consent.setExternal(external))
      .catch((error: unknown) => logger.warn('consent: the filters endpoint failed', error));
  }

  const onAdded = (event: Event) => {
    const detail = (event as CustomEvent<AddedToCartDetail>).detail;
    if (detail) forward((e) => e.added(detail));
  };
  const onCheckoutStep = (event: Event) => {
    const detail = (event as CustomEvent<CheckoutStepDetail>).detail;
    if (detail) forward((e) => e.checkoutStep(detail));
  };
  const onPurchase = (event: Event) => {
    const detail = (event as CustomEvent<PurchaseDetail>).detail;
    if (detail) forward((e) => e.purchase(detail));
  };
  const unsubscribeAccount = (env.account ?? api.account).subscribe(({ account }) => {
    userId = account?.id ? account.id : null;
    engine?.tracking.setUserId(userId);
  });
  win.addEventListener(ADDED_TO_CART_EVENT, onAdded);
  win.addEventListener(CHECKOUT_STEP_EVENT, onCheckoutStep);
  win.addEventListener(PURCHASE_EVENT, onPurchase);

  return {
    config,
    consent,
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
      // The engine's own last page, or the page the visitor came from.
      const referrer = seen?.href ?? doc.referrer;
      seen = { page, href, referrer, first: seen === null };
      engine?.page(page, href, referrer, seen.first);
    },
    cart(cart) {
      knownCart = cart;
      engine?.cart(cart);
    },
    video(params) {
      forward((e) => e.video(params));
    },
    loaded: async () => (starting ? ((await starting)?.tracking ?? null) : null),
    stop() {
      stopped = true;
      unsubscribe();
      unsubscribeAccount();
      engine?.stop();
      engine = null;
      win.removeEventListener(ADDED_TO_CART_EVENT, onAdded);
      win.removeEventListener(CHECKOUT_STEP_EVENT, onCheckoutStep);
      win.removeEventListener(PURCHASE_EVENT, onPurchase);
    },
  };
}
