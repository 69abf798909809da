//! The dispatcher: guards, delay and fan-out of one event to providers and the server intake.

import type { CookieJar } from '@/lib/cookies';
import { applyBeforeSend, type BeforeSend } from '../before-send';
import { scrubParams } from '../matching/hygiene';
import { BROWSER_ONLY_EVENTS, SERVER_ONLY_EVENTS } from '../names';
import type { ProviderRegistry } from '../providers/registry';
import type { AdvancedMatching } from '../providers/types';
import { globalTimers, type Logger, type ProviderId, type Timers, type TrackingEvent } from '../types';
import { passOncePerOrder, passTimeWindow } from './guards';
import { ensureFbCookies, FBP_WAIT_MS, needsFbCookieWait } from './identity';
import { pagePath, type PageTokenSource } from './page-token';
import { collectUserData, sendServerEvent, serverEventBody } from './server-intake';

export interface ServerEventsOptions {
  enabled: boolean;
  /** Default: the page's API client; tests hand in a fake fetch. */
  fetch?: typeof fetch;
  /** Where the signed page token comes from (`createPageTokenSource`). */
  pageToken?: PageTokenSource;
  /** Advanced matching data for `user_data`; only used while marketing is allowed. */
  matching?: () => AdvancedMatching | undefined;
}

export interface DispatcherOptions {
  registry: ProviderRegistry;
  /** The consent gate per provider. */
  isAllowed: (provider: ProviderId) => boolean;
  /** Whether a server copy may be sent at all (any category allowed). */
  serverAllowed: () => boolean;
  /** Whether identifiers (fbp/fbc, names, e-mail, phone) may go into `user_data`. */
  marketingAllowed: () => boolean;
  jar: CookieJar;
  now: () => number;
  href: () => string;
  timers?: Timers;
  server?: ServerEventsOptions;
  beforeSend?: BeforeSend;
  logger?: Logger;
  random?: () => number;
}

/** Where one send goes: a subset of providers and/or the server. */
export interface SendTarget {
  providers?: ProviderId[];
  server?: boolean;
}

export interface SendResult {
  providers: ProviderId[];
  server: 'sent' | 'scheduled' | 'skipped';
}

export interface Dispatcher {
  /** Checks the time window and once-per-order guards, waits `delay` seconds, then sends. */
  dispatch(event: TrackingEvent, target?: SendTarget): boolean;
  /** Sends immediately, without guards or delay. */
  send(event: TrackingEvent, target?: SendTarget): SendResult;
}

export function createDispatcher(o: DispatcherOptions): Dispatcher {
  const timers = o.timers ?? globalTimers;
  const logger = o.logger ?? console;

  const toServer = (event: TrackingEvent): SendResult['server'] => {
    const server = o.server;
    if (!server?.enabled || !o.serverAllowed() || SERVER_ONLY_EVENTS.has(event.name) || BROWSER_ONLY_EVENTS.has(event.name)) return 'skipped';
    const ready = applyBeforeSend(o.beforeSend, event, 'server', logger);
    if (!ready) return 'skipped';
    const post = () => {
      const marketing = o.marketingAllowed();
      if (marketing && ready.name === 'PageView') ensureFbCookies(o.jar, o.href(), o.now(), o.random);
      const userData = marketing ? collectUserData(o.jar, server.matching?.()) : {};
      const context = { now: o.now(), href: o.href(), userData };
      // The token is bound to the page the event is sent from.
      const path = pagePath(context.href);
      const tokens = server.pageToken;
      const renewToken = tokens
        ? () => {
            tokens.invalidate();
            return tokens.get(path);
          }
        : undefined;
      void (tokens ? tokens.get(path) : Promise.resolve(undefined)).then((pageToken) =>
        sendServerEvent(serverEventBody(ready, { ...context, pageToken }), { fetch: server.fetch, logger, renewToken }),
      );
    };
    if (ready.name === 'PageView' && needsFbCookieWait(o.jar, o.href())) {
      timers.setTimeout(post, FBP_WAIT_MS);
      return 'scheduled';
    }
    post();
    return 'sent';
  };

  const send = (raw: TrackingEvent, target: SendTarget = {}): SendResult => {
    const event = { ...raw, params: scrubParams(raw.params) };
    const providers: ProviderId[] = [];
    for (const provider of o.registry.list()) {
      if (target.providers && !target.providers.includes(provider.id)) continue;
      if (!o.isAllowed(provider.id) || !provider.initialized()) continue;
      const ready = applyBeforeSend(o.beforeSend, event, provider.id, logger);
      if (ready && provider.fire(ready)) providers.push(provider.id);
    }
    return { providers, server: target.server === false ? 'skipped' : toServer(event) };
  };

  return {
    send,
    dispatch(event, target) {
      const now = o.now();
      const key = event.key ?? event.name;
      if (event.wooOrder && !passOncePerOrder(o.jar, key, event.wooOrder, now)) return false;
      if (!passTimeWindow(o.jar, key, event.timeWindow, now)) return false;
      if (event.delay && event.delay > 0) timers.setTimeout(() => send(event, target), event.delay * 1000);
      else send(event, target);
      return true;
    },
  };
}
