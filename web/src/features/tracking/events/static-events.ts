//! Page-load (static) events: everyone at once, TikTok staggered 500 ms apart after 1500 ms.

import type { Timers } from '../types';
import { globalTimers, type TrackingEvent } from '../types';
import type { Dispatcher } from './dispatcher';

export const TIKTOK_STATIC_WAIT_MS = 1500;
export const TIKTOK_STAGGER_MS = 500;

/** Milliseconds after page load at which the n-th static event reaches TikTok. */
export function tiktokStaticOffset(index: number, delaySeconds = 0): number {
  return TIKTOK_STATIC_WAIT_MS + index * TIKTOK_STAGGER_MS + delaySeconds * 1000;
}

const NOT_TIKTOK = ['meta', 'ga4', 'googleAds', 'pinterest', 'bing'] as const;

/**
 * Dispatches each static event to every provider but TikTok (and the server), then schedules
 * TikTok's copy; events stopped by a guard reach nobody. Returns the events that passed.
 */
export function runStaticEvents(
  events: TrackingEvent[],
  dispatcher: Dispatcher,
  timers: Timers = globalTimers,
): TrackingEvent[] {
  const passed: TrackingEvent[] = [];
  events.forEach((event) => {
    if (!dispatcher.dispatch(event, { providers: [...NOT_TIKTOK] })) return;
    passed.push(event);
    const offset = tiktokStaticOffset(passed.length - 1, event.delay);
    timers.setTimeout(() => dispatcher.send(event, { providers: ['tiktok'], server: false }), offset);
  });
  return passed;
}
