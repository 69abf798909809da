//! The sticky header's states (spec §4): normal (in the page flow) → stuck once the page has
//! scrolled past the header's bottom; back to normal where the header's own place comes back
//! into view (both positions coincide there, so nothing jumps). With hide-on-scroll a stuck
//! header hides while scrolling down and shows again on scrolling up. Pure: the hook feeds it
//! the scroll position every STICKY_DELAY_MS.

export type StickyState = 'normal' | 'stuck' | 'hidden';

/** Spec §9: the sticky header re-evaluates 100 ms after a scroll. */
export const STICKY_DELAY_MS = 100;
/** Sticky columns sit this far below the sticky header (spec §9: sticky height + 30). */
export const STICKY_COLUMN_GAP = 30;
/** Scroll movement smaller than this (px between two samples) does not change direction. */
export const SCROLL_TOLERANCE = 4;

export interface StickyInput {
  state: StickyState;
  /** window.scrollY now, and at the previous sample. */
  y: number;
  lastY: number;
  /** The header's top in the page when in flow, and its height. */
  top: number;
  height: number;
  hideOnScroll: boolean;
  /** Keyboard focus or an open menu is in the header: never hide it then. */
  pinned: boolean;
}

export function nextStickyState({ state, y, lastY, top, height, hideOnScroll, pinned }: StickyInput): StickyState {
  const threshold = top + height;
  if (y <= top) return 'normal';
  if (y <= threshold) {
    // Between the header's top and bottom: an in-flow header stays so; a stuck or hidden one
    // shows (a hidden one would leave its own place empty here).
    return state === 'normal' ? 'normal' : 'stuck';
  }
  if (!hideOnScroll || pinned) return 'stuck';
  const delta = y - lastY;
  if (delta > SCROLL_TOLERANCE) return 'hidden';
  if (delta < -SCROLL_TOLERANCE) return 'stuck';
  return state === 'normal' ? 'stuck' : state;
}
