//! Time-on-page trigger: fires once after a number of seconds.

import { globalTimers, type Timers } from '../types';

/** Calls `onElapsed` once after `seconds`; returns a cancel function. */
export function afterTimeOnPage(seconds: number, onElapsed: () => void, timers: Timers = globalTimers): () => void {
  const handle = timers.setTimeout(onElapsed, seconds * 1000);
  return () => timers.clearTimeout(handle);
}
