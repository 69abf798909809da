//! Whether the visitor asked for less motion (prefers-reduced-motion), for behaviours that
//! animate from script, read once or followed live; CSS animations are shortened globally in
//! styles/layout.css.

import { useSyncExternalStore } from 'react';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function prefersReducedMotion(win: Pick<Window, 'matchMedia'> | undefined = globalThis.window): boolean {
  return win?.matchMedia?.(REDUCED_MOTION_QUERY).matches ?? false;
}

// Module-level so useSyncExternalStore keeps one subscription per component. Test doubles of
// matchMedia often return only `matches`, so the listener methods are optional here.
function subscribe(onChange: () => void): () => void {
  const list = globalThis.window?.matchMedia?.(REDUCED_MOTION_QUERY);
  list?.addEventListener?.('change', onChange);
  return () => list?.removeEventListener?.('change', onChange);
}

const snapshot = () => prefersReducedMotion();
const serverSnapshot = () => false;

/** prefers-reduced-motion, re-rendering when the visitor changes the setting. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
