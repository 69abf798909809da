//! Microsoft Advertising UET (Bing): uetq queues, UET objects once bat.js loads, pageLoad and events.

import { providerEventName } from '../names';
import { createProvider } from './base';
import { providerParams } from './params';
import { loadScriptOnce } from './script-loader';
import { globalsOf, type Provider } from './types';

export const BING_SCRIPT_URL = 'https://bat.bing.com/bat.js';

export interface BingConfig {
  tagIds: string[];
  scriptUrl?: string;
}

/** `uetq` for the first tag, `uetq1`, `uetq2`, … for further tags. */
export function uetQueueName(index: number): string {
  return index === 0 ? 'uetq' : `uetq${index}`;
}

type Queue = { push: (...args: unknown[]) => unknown };

function queueOf(win: object, name: string): Queue {
  const record = win as Record<string, unknown>;
  if (!record[name]) record[name] = [];
  return record[name] as Queue;
}

export function createBingProvider(config: BingConfig): Provider {
  const queueNames = new Map(config.tagIds.map((id, index) => [id, uetQueueName(index)]));
  return createProvider('bing', config.tagIds, {
    install(ctx, ids) {
      for (const id of ids) queueOf(ctx.win, queueNames.get(id) ?? 'uetq').push('consent', 'default', { ad_storage: 'granted' });
      loadScriptOnce(ctx.doc, config.scriptUrl ?? BING_SCRIPT_URL, {
        onLoad: () => {
          const UET = globalsOf(ctx.win).UET;
          if (!UET) return;
          for (const id of ids) {
            const name = queueNames.get(id) ?? 'uetq';
            const record = ctx.win as Record<string, unknown>;
            record[name] = new UET({ ti: id, q: queueOf(ctx.win, name), enableAutoSpaTracking: true });
          }
        },
      });
    },
    send(ctx, ids, event) {
      for (const id of ids) {
        const queue = queueOf(ctx.win, queueNames.get(id) ?? 'uetq');
        if (event.name === 'PageView') queue.push('pageLoad');
        else queue.push('event', providerEventName('bing', event.name), { ...providerParams('bing', event), event_id: event.eventID });
      }
    },
  });
}
