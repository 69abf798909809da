//! Pinterest tag: pintrk queue stub, load per tag id, page() and track() with event_id.

import { providerEventName } from '../names';
import { createProvider } from './base';
import { providerParams } from './params';
import { loadScriptOnce } from './script-loader';
import { globalsOf, type CommandFunction, type PixelGlobals, type Provider } from './types';

export const PINTEREST_SCRIPT_URL = 'https://s.pinimg.com/ct/core.js';

export interface PinterestConfig {
  tagIds: string[];
  scriptUrl?: string;
  /** Pass the e-mail to `pintrk('load')` (Pinterest hashes it). */
  advancedMatching?: boolean;
}

/** Tag event code for a research name: the tag spells API names without underscores. */
export function pinterestTagCode(name: string): string {
  return name.replace(/_/g, '');
}

function ensurePintrk(g: PixelGlobals): CommandFunction {
  if (g.pintrk) return g.pintrk;
  const queue: unknown[] = [];
  g.pintrk = Object.assign((...args: unknown[]) => void queue.push(args), { queue, version: '3.0' });
  return g.pintrk;
}

export function createPinterestProvider(config: PinterestConfig): Provider {
  return createProvider('pinterest', config.tagIds, {
    install(ctx, ids) {
      const pintrk = ensurePintrk(globalsOf(ctx.win));
      loadScriptOnce(ctx.doc, config.scriptUrl ?? PINTEREST_SCRIPT_URL);
      const email = config.advancedMatching ? ctx.advancedMatching?.email : undefined;
      for (const id of ids) {
        if (email) pintrk('load', id, { em: email });
        else pintrk('load', id);
      }
    },
    // The tag has no per-tag targeting: an event reaches every loaded tag.
    send(ctx, _ids, event) {
      const pintrk = ensurePintrk(globalsOf(ctx.win));
      if (event.name === 'PageView') {
        pintrk('page', { event_id: event.eventID });
        return;
      }
      const code = pinterestTagCode(providerEventName('pinterest', event.name));
      pintrk('track', code, { ...providerParams('pinterest', event), event_id: event.eventID });
    },
  });
}
