//! Test helpers: a tracking event factory and a clean document/window pair for provider tests.

import type { TrackingEvent } from './types';

export function testEvent(name: string, overrides: Partial<TrackingEvent> = {}): TrackingEvent {
  return { name, params: {}, eventID: 'E'.repeat(36), type: 'dynamic', ...overrides };
}

/** Removes scripts and globals between tests. */
export function resetDocument(): void {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
}

/** The entries of a gtag data layer as plain arrays. */
export function dataLayerCalls(win: object): unknown[][] {
  const layer = (win as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [];
  return layer.map((entry) => Array.from(entry));
}

import type { ProviderRegistry } from './providers/registry';
import type { Provider } from './providers/types';
import { PROVIDER_CATEGORY, type ProviderId } from './types';

/** A provider that records what it receives; initialised unless told otherwise. */
export function recordingProvider(id: ProviderId, initialized = true): Provider & { received: TrackingEvent[] } {
  const received: TrackingEvent[] = [];
  let ready = initialized;
  return {
    id,
    category: PROVIDER_CATEGORY[id],
    received,
    enabled: () => true,
    initialized: () => ready,
    ids: () => [id],
    load: () => (ready ? false : (ready = true)),
    fire: (event) => (ready ? received.push(event) > 0 : false),
    disable: () => {
      ready = false;
    },
  };
}

/** A registry over the given providers. */
export function registryOf(providers: Provider[]): ProviderRegistry {
  return {
    get: (id) => providers.find((p) => p.id === id),
    list: () => providers,
    sync: () => ({ loaded: [], disabled: [] }),
    fire: (event) => providers.filter((p) => p.fire(event)).map((p) => p.id),
  };
}
