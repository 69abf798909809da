//! Meta (Facebook) pixel: fbq stub, init per pixel id, track/trackCustom with a shared eventID.

import { isMetaStandard, providerEventName } from '../names';
import { createProvider, targetsAll } from './base';
import { providerParams } from './params';
import { loadScriptOnce } from './script-loader';
import { globalsOf, type AdvancedMatching, type CommandFunction, type PixelGlobals, type Provider } from './types';

export const META_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';

export interface MetaConfig {
  pixelIds: string[];
  scriptUrl?: string;
  /** Pass advanced matching (em, ph, fn, ln, external_id) to `fbq('init')`. */
  advancedMatching?: boolean;
  /** `fbq('set', 'autoConfig', false, id)`: no automatic button/metadata events. */
  removeMetadata?: boolean;
}

/** Meta's advanced-matching keys; fbevents.js hashes them before sending. */
export function metaMatching(am: AdvancedMatching | undefined): Record<string, string> {
  if (!am) return {};
  const pairs: Array<[string, string | undefined]> = [
    ['em', am.email],
    ['ph', am.phone],
    ['fn', am.first_name],
    ['ln', am.last_name],
    ['external_id', am.external_id],
  ];
  return Object.fromEntries(pairs.filter((p): p is [string, string] => Boolean(p[1])));
}

function ensureFbq(g: PixelGlobals): CommandFunction {
  if (g.fbq) return g.fbq;
  const queue: unknown[] = [];
  const fbq = Object.assign(
    (...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else queue.push(args);
    },
    { queue, loaded: true, version: '2.0', callMethod: undefined as CommandFunction | undefined },
  );
  Object.assign(fbq, { push: fbq });
  g.fbq = fbq;
  if (!g._fbq) g._fbq = fbq;
  return fbq;
}

export function createMetaProvider(config: MetaConfig): Provider {
  return createProvider('meta', config.pixelIds, {
    install(ctx, ids) {
      const fbq = ensureFbq(globalsOf(ctx.win));
      loadScriptOnce(ctx.doc, config.scriptUrl ?? META_SCRIPT_URL);
      const matching = config.advancedMatching ? metaMatching(ctx.advancedMatching) : {};
      for (const id of ids) {
        if (config.removeMetadata) fbq('set', 'autoConfig', false, id);
        if (Object.keys(matching).length > 0) fbq('init', id, matching);
        else fbq('init', id);
      }
    },
    send(ctx, ids, event) {
      const fbq = ensureFbq(globalsOf(ctx.win));
      const name = providerEventName('meta', event.name);
      const action = isMetaStandard(name) ? 'track' : 'trackCustom';
      const params = providerParams('meta', event);
      if (targetsAll(ids, config.pixelIds.filter((id) => !ctx.isHidden?.(id)))) {
        fbq(action, name, params, { eventID: event.eventID });
      } else {
        for (const id of ids) fbq(`${action}Single`, id, name, params, { eventID: event.eventID });
      }
    },
  });
}
