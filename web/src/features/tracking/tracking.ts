//! The tracking orchestrator: one object the app shell creates per page load (see README.md).

import type { CookieJar } from '@/lib/cookies';
import type { BeforeSend, Destination } from './before-send';
import type { TrackingConfig } from './config';
import { createEvent } from './events/builders';
import { createDispatcher, type Dispatcher } from './events/dispatcher';
import { ensurePbid, PBID_COOKIE } from './events/identity';
import { createPageTokenSource } from './events/page-token';
import { selectItemEvent, type ShownItems } from './events/select-item';
import { runStaticEvents } from './events/static-events';
import { allowedCategories, trackingAllowed, type ConsentLike, type GateConfig } from './gate';
import { isPixelHidden } from './hidden-pixels';
import { META_COOKIES } from './identifier-cookies';
import { FORM_TRACK_COOKIE, removeListCookies } from './list-cookie-names';
import {
  formTrackParams,
  readProductList,
  readSelectedList,
  takeFormTrack,
  writeFormTrack,
  writeProductList,
  writeSelectedList,
  type ProductList,
} from './list-cookies';
import { ADVANCED_FORM_COOKIE, advancedMatchingFrom, attachFormCapture } from './matching/form-capture';
import { ensureGtag } from './providers/gtag';
import { createProviderRegistry, type ProviderFactories, type ProviderRegistry, type SyncResult } from './providers/registry';
import { trackClicks } from './triggers/clicks';
import { trackCommentSubmissions, trackFormSubmissions } from './triggers/forms';
import { onScrollDepth, type ScrollWindow } from './triggers/scroll';
import { afterTimeOnPage } from './triggers/time-on-page';
import { globalTimers, type Logger, type ProviderId, type Timers, type TrackingEvent } from './types';

export interface TrackingEnv {
  /** `window`; pixel globals are installed on it. */
  win: object;
  doc: Document;
  jar: CookieJar;
  now: () => number;
  href?: () => string;
  timers?: Timers;
  fetch?: typeof fetch;
  logger?: Logger;
  random?: () => number;
  beforeSend?: BeforeSend;
  gpc?: boolean;
  /** The configured providers' code (`loadProviderFactories`, or every one in tests). */
  providers: ProviderFactories;
}

/** What an external consent tool forbids (the consent feature's `ExternalConsent` fits). */
export interface ExternalVerdict {
  allDisabled?: boolean;
  disabledProviders?: readonly ProviderId[];
  cookies?: { all?: boolean; externalId?: boolean; advancedFormData?: boolean };
}

export interface Tracking {
  readonly registry: ProviderRegistry;
  readonly dispatcher: Dispatcher;
  /** Applies consent: loads/disables providers and replays this page's static events to newcomers. */
  setConsent(consent: ConsentLike | null, external?: ExternalVerdict | null): SyncResult;
  /** Fires this page's static events (call once per page view, also per client-side navigation). */
  pageView(events?: TrackingEvent[]): TrackingEvent[];
  /** Fires one event through guards, delay, providers and the server intake. */
  track(event: TrackingEvent): boolean;
  /**
   * The product list this page shows (listings; null elsewhere): remembered as `productlist`,
   * and a click on one of its products (`[data-product-id]`) as `select_prod_list` (spec §3)
   * and GA4's `select_item` for the list `productlist` names, with that product's line from
   * `shown` (the page's items) when it is there. Cookies only under analytics consent and
   * unless cookies are disabled; 1 day (spec §9).
   */
  pageList(list: ProductList | null, shown?: ShownItems): void;
  /** The list `productId` was selected from (select_prod_list), under analytics consent only. */
  selectedList(productId: string): ProductList | undefined;
  /** Hooks scroll, time, click, form and field-capture triggers; returns a cleanup. */
  attachTriggers(): () => void;
  isAllowed(provider?: ProviderId): boolean;
  /**
   * The logged-in user (spec §6): a non-zero id reaches GA4 as `user_id`, in its config when it
   * loads later, at once (`gtag('set')`) when it is loaded already.
   */
  setUserId(id: number | null | undefined): void;
}

export function createTracking(config: TrackingConfig, env: TrackingEnv): Tracking {
  const timers = env.timers ?? globalTimers;
  const href = env.href ?? (() => (env.win as { location?: { href: string } }).location?.href ?? '');
  const gpc = env.gpc ?? false;
  const registry = createProviderRegistry(config.providers, env.providers);
  let userId = config.userId ?? null;
  let consent: ConsentLike | null = null;
  let external: ExternalVerdict | null = null;
  const gate = (): GateConfig => ({
    defaultDenied: config.consent.defaultDenied,
    respectGpc: config.consent.respectGpc,
    allDisabled: external?.allDisabled,
    disabledProviders: external?.disabledProviders,
  });
  const isAllowed = (provider?: ProviderId) => trackingAllowed(consent, gpc, gate(), provider);
  const marketing = () => allowedCategories(consent, gpc, gate()).marketing;
  const analytics = () => allowedCategories(consent, gpc, gate()).analytics;
  const cookiesOff = () => external?.cookies?.all === true;
  const listCookiesAllowed = () => analytics() && !cookiesOff();
  let currentList: ProductList | null = null;
  let currentItems: ShownItems | undefined;
  const matching = () => (config.advancedMatching?.enabled && marketing() ? advancedMatchingFrom(env.jar) : undefined);

  const dispatcher = createDispatcher({
    registry,
    isAllowed: (id) => isAllowed(id),
    serverAllowed: () => isAllowed(),
    marketingAllowed: marketing,
    jar: env.jar,
    now: env.now,
    href,
    timers,
    beforeSend: env.beforeSend,
    logger: env.logger,
    random: env.random,
    server: {
      enabled: config.serverEvents.enabled,
      fetch: env.fetch,
      pageToken: createPageTokenSource({ fetch: env.fetch }),
      matching,
    },
  });

  const pageEvents: TrackingEvent[] = [];
  // Static events wait here while nothing may be tracked, so no guard cookie is written early.
  let pending: TrackingEvent[] = [];
  const delivered = new Map<string, Set<Destination>>();
  const markDelivered = (event: TrackingEvent, destinations: Destination[]) => {
    const set = delivered.get(event.eventID) ?? new Set<Destination>();
    destinations.forEach((d) => set.add(d));
    delivered.set(event.eventID, set);
  };
  const reachable = (): Destination[] => [
    ...registry.list().filter((p) => p.initialized() && isAllowed(p.id)).map((p) => p.id),
    ...(config.serverEvents.enabled && isAllowed() ? (['server'] as const) : []),
  ];

  const firePageEvents = (events: TrackingEvent[]) => {
    const passed = runStaticEvents(events, dispatcher, timers);
    for (const event of passed) {
      pageEvents.push(event);
      markDelivered(event, reachable());
    }
    return passed;
  };
  const track = (event: TrackingEvent) => isAllowed() && dispatcher.dispatch(event);
  // Identifier cookies go when marketing consent goes or a cookie-disable option names them.
  const removeDisallowedCookies = () => {
    const off = external?.cookies ?? {};
    const noMarketing = !marketing();
    const remove = (name: string) => env.jar.remove(name, { path: '/' });
    if (noMarketing || off.all || off.externalId) remove(PBID_COOKIE);
    if (noMarketing || off.all || off.advancedFormData) remove(ADVANCED_FORM_COOKIE);
    if (noMarketing) META_COOKIES.forEach(remove);
    if (!listCookiesAllowed()) removeListCookies(env.jar);
    if (!isAllowed() || off.all) remove(FORM_TRACK_COOKIE);
  };

  return {
    registry,
    dispatcher,
    isAllowed,
    setConsent(next, verdict) {
      consent = next;
      if (verdict !== undefined) external = verdict;
      const result = registry.sync((id) => isAllowed(id), {
        win: env.win,
        doc: env.doc,
        userId,
        advancedMatching: matching(),
        isHidden: (pixelId) => isPixelHidden(env.jar, pixelId),
        logger: env.logger,
      });
      if (pending.length > 0 && isAllowed()) {
        const waiting = pending;
        pending = [];
        firePageEvents(waiting);
      }
      for (const event of pageEvents) {
        const got = delivered.get(event.eventID) ?? new Set<Destination>();
        const missing = reachable().filter((d) => !got.has(d));
        const providers = missing.filter((d): d is ProviderId => d !== 'server');
        if (missing.length === 0) continue;
        dispatcher.send(event, { providers, server: missing.includes('server') });
        markDelivered(event, missing);
      }
      removeDisallowedCookies();
      if (config.serverEvents.enabled && marketing() && !external?.cookies?.externalId && !external?.cookies?.all) {
        void ensurePbid({
          jar: env.jar,
          now: env.now,
          fetch: env.fetch,
          expiresDays: config.serverEvents.externalIdExpireDays,
          logger: env.logger,
        }).then(removeDisallowedCookies);
      }
      return result;
    },
    pageView(events = config.staticEvents ?? []) {
      // A new page (also a client-side navigation): only its events are replayed to providers
      // that load later, never an earlier page's.
      pageEvents.length = 0;
      delivered.clear();
      if (!isAllowed()) {
        pending = [...events];
        return [];
      }
      return firePageEvents(events);
    },
    track,
    pageList(list, shown) {
      currentList = list;
      currentItems = list ? shown : undefined;
      if (list && listCookiesAllowed()) writeProductList(env.jar, list, env.now());
    },
    selectedList(productId) {
      return listCookiesAllowed() ? readSelectedList(env.jar, productId) : undefined;
    },
    setUserId(id) {
      const next = id ? id : null;
      if (next === userId) return;
      userId = next;
      if (next && registry.get('ga4')?.initialized()) ensureGtag(env.win)('set', { user_id: String(next) });
    },
    attachTriggers() {
      const auto = config.automatic ?? {};
      const named = (name: string, params: TrackingEvent['params'] = {}) => track(createEvent(name, { params, random: env.random }));
      const cleanups: Array<() => void> = [];
      if (auto.scrollPercent) {
        const percent = auto.scrollPercent;
        cleanups.push(onScrollDepth(percent, () => named('PageScroll', { scroll_percent: percent }), env.win as ScrollWindow, env.doc));
      }
      if (auto.timeOnPageSeconds) {
        const seconds = auto.timeOnPageSeconds;
        cleanups.push(afterTimeOnPage(seconds, () => named('TimeOnPage', { time_on_page: seconds }), timers));
      }
      const host = (() => {
        try {
          return new URL(href()).host;
        } catch {
          return '';
        }
      })();
      cleanups.push(
        trackClicks(
          env.doc,
          {
            downloads: auto.downloadExtensions ? { extensions: auto.downloadExtensions, onDownload: (p) => named('Download', p) } : undefined,
            links: auto.links ? { siteHost: host, onLink: (p, kind) => named(kind === 'internal' ? 'InternalClick' : 'OutboundClick', p) } : undefined,
            urlTriggers: (config.urlClickEvents ?? []).map((c) => ({
              id: c.id,
              triggers: c.urls,
              onMatch: () => track(createEvent(c.name, { params: c.params ?? {}, providers: c.providers, random: env.random })),
            })),
          },
          timers,
        ),
      );
      // A form that navigated here left its Form event in form_track: sent now, once.
      const left = takeFormTrack(env.jar);
      if (left && auto.forms) named('Form', formTrackParams(left));
      if (auto.forms) {
        cleanups.push(
          trackFormSubmissions(env.doc, (p, submit) => {
            if (!isAllowed() || cookiesOff()) {
              named('Form', p);
              return;
            }
            const form = { form_id: String(p.form_id ?? ''), form_class: String(p.form_class ?? ''), text: String(p.text ?? '') };
            writeFormTrack(env.jar, form);
            // Once the submission's handlers ran: a script-handled form (default prevented)
            // stays on this page and sends now; a native submission sends from the next page.
            timers.setTimeout(() => {
              if (!submit.defaultPrevented) return;
              const taken = takeFormTrack(env.jar);
              if (taken) named('Form', formTrackParams(taken));
            }, 0);
          }),
        );
      }
      if (currentList) {
        const onSelect = (e: Event) => {
          const target = e.target instanceof Element ? e.target : null;
          const link = target?.closest('a[href]');
          const card = link?.closest('[data-product-id]');
          if (!card || !currentList || !listCookiesAllowed()) return;
          const productId = card.getAttribute('data-product-id') ?? '';
          // The list as remembered (productlist): what the shopper chose from.
          const list = readProductList(env.jar) ?? currentList;
          writeSelectedList(env.jar, { product_id: productId, ...list }, env.now());
          track(selectItemEvent(productId, list, currentItems));
        };
        env.doc.addEventListener('click', onSelect, true);
        cleanups.push(() => env.doc.removeEventListener('click', onSelect, true));
      }
      if (auto.comments) cleanups.push(trackCommentSubmissions(env.doc, () => named('Comment')));
      if (config.advancedMatching?.enabled) {
        const capture = () => marketing() && !external?.cookies?.advancedFormData && !external?.cookies?.all;
        cleanups.push(attachFormCapture(env.doc, env.jar, env.now, config.advancedMatching.fieldLists, capture));
      }
      return () => cleanups.forEach((cleanup) => cleanup());
    },
  };
}
