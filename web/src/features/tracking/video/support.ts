//! Old-browser check: the player APIs need Promise, WeakMap and postMessage.

import { VideoError } from './errors';

/** Null when supported, else the "unsupported" error the player reports. */
export function videoApiSupport(win: object = globalThis): VideoError | null {
  const w = win as { Promise?: unknown; WeakMap?: unknown; postMessage?: unknown; JSON?: unknown };
  const ok = typeof w.Promise === 'function' && typeof w.WeakMap === 'function' && typeof w.postMessage === 'function' && typeof w.JSON === 'object';
  return ok ? null : new VideoError('unsupported', 'Video tracking is not supported in this browser.');
}
