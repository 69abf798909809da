//! Spec §9 "Alert focus delay 500 ms": an error alert takes focus this long after it appears,
//! once the notice scrolling is under way, so a screen reader reads it and Tab continues from it.

import { useEffect, type RefObject } from 'react';

export const ALERT_FOCUS_DELAY_MS = 500;

/**
 * Focuses `ref`'s element {@link ALERT_FOCUS_DELAY_MS} after `key` becomes (or changes to) a
 * non-null value; nothing while it is null. A new key (a new refusal) restarts the wait.
 */
export function useAlertFocus(ref: RefObject<HTMLElement | null>, key: unknown): void {
  useEffect(() => {
    if (key === null || key === undefined || key === false) return;
    // preventScroll: the layout's notice scrolling runs the animated scroll (sticky header).
    const timer = setTimeout(() => ref.current?.focus({ preventScroll: true }), ALERT_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ref, key]);
}
