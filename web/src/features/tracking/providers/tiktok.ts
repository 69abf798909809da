//! TikTok pixel: ttq queue stub, one events.js per pixel id, page() and track() with event_id.

import { providerEventName } from '../names';
import { createProvider, targetsAll } from './base';
import { compact, providerParams } from './params';
import { loadScriptOnce } from './script-loader';
import { globalsOf, type PixelGlobals, type Provider, type TikTokQueue } from './types';

export const TIKTOK_SCRIPT_URL = 'https://analytics.tiktok.com/i18n/pixel/events.js';

export interface TikTokConfig {
  pixelIds: string[];
  /** Base URL; `?sdkid=<id>&lib=ttq` is appended per pixel. */
  scriptUrl?: string;
  advancedMatching?: boolean;
}

const METHODS = ['page', 'track', 'identify', 'instances', 'debug', 'on', 'off', 'once', 'ready', 'alias', 'group', 'enableCookie', 'disableCookie', 'holdConsent', 'revokeConsent', 'grantConsent'];

function deferring(target: unknown[], method: string) {
  return (...args: unknown[]) => void target.push([method, ...args]);
}

/** The queue TikTok's snippet defines; events.js replays it when it arrives. */
function ensureTtq(g: PixelGlobals): TikTokQueue {
  if (g.ttq) return g.ttq;
  const ttq: TikTokQueue = Object.assign([] as unknown[], { methods: METHODS, _i: {}, _t: {}, _o: {} });
  for (const method of METHODS) Object.assign(ttq, { [method]: deferring(ttq, method) });
  ttq.instance = (id: string) => {
    const queue = ttq._i?.[id] ?? [];
    return { track: deferring(queue, 'track'), page: deferring(queue, 'page') };
  };
  g.TiktokAnalyticsObject = 'ttq';
  g.ttq = ttq;
  return ttq;
}

export function createTikTokProvider(config: TikTokConfig): Provider {
  const base = config.scriptUrl ?? TIKTOK_SCRIPT_URL;
  return createProvider('tiktok', config.pixelIds, {
    install(ctx, ids) {
      const ttq = ensureTtq(globalsOf(ctx.win));
      for (const id of ids) {
        const url = `${base}?sdkid=${encodeURIComponent(id)}&lib=ttq`;
        const queue: unknown[] & { _u?: string } = ttq._i?.[id] ?? [];
        queue._u = base;
        if (ttq._i) ttq._i[id] = queue;
        if (ttq._t) ttq._t[id] = Date.now();
        if (ttq._o) ttq._o[id] = {};
        loadScriptOnce(ctx.doc, url);
      }
      const am = ctx.advancedMatching;
      if (config.advancedMatching && am) {
        const identity = compact({ email: am.email, phone_number: am.phone, external_id: am.external_id });
        if (Object.keys(identity).length) ttq.identify?.(identity);
      }
    },
    send(ctx, ids, event) {
      const ttq = ensureTtq(globalsOf(ctx.win));
      const all = targetsAll(ids, config.pixelIds.filter((id) => !ctx.isHidden?.(id)));
      const targets = all ? [ttq] : ids.map((id) => ttq.instance?.(id)).filter((t) => t !== undefined);
      if (event.name === 'PageView') {
        for (const t of targets) t.page?.();
        return;
      }
      const name = providerEventName('tiktok', event.name);
      const params = providerParams('tiktok', event);
      for (const t of targets) t.track?.(name, params, { event_id: event.eventID });
    },
  });
}
