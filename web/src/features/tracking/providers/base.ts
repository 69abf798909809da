//! Shared provider state machine: uninitialised → initialised on load, reset by disable.

import { PROVIDER_CATEGORY, type ProviderId, type TrackingEvent } from '../types';
import type { Provider, ProviderContext } from './types';

export interface ProviderHooks {
  /** Install the snippet stub, insert the script (once) and initialise the visible ids. */
  install(ctx: ProviderContext, ids: string[]): void;
  /** Send one event to the target ids. */
  send(ctx: ProviderContext, ids: string[], event: TrackingEvent): void;
}

/** Builds a provider from its configured ids and two hooks. */
export function createProvider(id: ProviderId, configuredIds: readonly string[], hooks: ProviderHooks): Provider {
  let ctx: ProviderContext | null = null;
  let visible: string[] = [];
  return {
    id,
    category: PROVIDER_CATEGORY[id],
    enabled: () => configuredIds.length > 0,
    initialized: () => ctx !== null,
    ids: () => [...visible],
    load(next) {
      if (ctx !== null || configuredIds.length === 0) return false;
      const ids = configuredIds.filter((pixelId) => !next.isHidden?.(pixelId));
      if (ids.length === 0) return false;
      try {
        hooks.install(next, ids);
      } catch (error) {
        (next.logger ?? console).error(`tracking: ${id} failed to load`, error);
        return false;
      }
      ctx = next;
      visible = ids;
      return true;
    },
    fire(event) {
      if (ctx === null) return false;
      if (event.providers && !event.providers.includes(id)) return false;
      const targets = event.trackingIds ? visible.filter((v) => event.trackingIds?.includes(v)) : visible;
      if (targets.length === 0) return false;
      try {
        hooks.send(ctx, targets, event);
        return true;
      } catch (error) {
        (ctx.logger ?? console).error(`tracking: ${id} failed to send ${event.name}`, error);
        return false;
      }
    },
    disable() {
      ctx = null;
      visible = [];
    },
  };
}

/** True when every configured id is targeted (then one global call reaches them all). */
export function targetsAll(targets: string[], all: readonly string[]): boolean {
  return targets.length === all.length;
}
