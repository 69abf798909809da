//! The `beforeSend` hook (umami style): inspect, rewrite or drop an event per destination.

import type { Logger, ProviderId, TrackingEvent } from './types';

export type Destination = ProviderId | 'server';

/** Return the (possibly changed) event to send it, or null/false/undefined to drop it. */
export type BeforeSend = (event: TrackingEvent, destination: Destination) => TrackingEvent | null | false | undefined;

/** Applies the hook; a throwing hook drops the event (fail closed) and logs the error. */
export function applyBeforeSend(
  hook: BeforeSend | undefined,
  event: TrackingEvent,
  destination: Destination,
  logger: Logger = console,
): TrackingEvent | null {
  if (!hook) return event;
  try {
    return hook(event, destination) || null;
  } catch (error) {
    logger.error('tracking: beforeSend threw, event dropped', error);
    return null;
  }
}
