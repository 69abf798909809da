//! Drives the server's sticky header (ADR 0040: no React here): samples the scroll position
//! STICKY_DELAY_MS after a scroll (at most once per delay, so fast scrolling costs one layout
//! read per 100 ms), writes the state on the header (`data-sticky`, and `data-sticky-from` so the
//! stylesheet animates stuck ↔ hidden but not a jump from the flow), publishes the header's
//! height as --sticky-height for sticky columns and scroll offsets, and shows a hidden header as
//! soon as keyboard focus enters it.

import { BELOW_WIDE_QUERY } from '@/lib/breakpoints';
import { STICKY_HEIGHT_VAR } from '@/lib/scroll';
import { nextStickyState, STICKY_DELAY_MS, type StickyState } from './sticky-header-state';

export interface StickyHeaderSettings {
  enabled: boolean;
  /** Hide while scrolling down: never, always, or below the wide layout only (phones need the room). */
  hideOnScroll: 'never' | 'always' | 'small-screens';
}

function hides(setting: StickyHeaderSettings['hideOnScroll']): boolean {
  if (setting === 'small-screens') return window.matchMedia?.(BELOW_WIDE_QUERY).matches ?? false;
  return setting === 'always';
}

/** Keyboard focus (not a tap's focus) or an open dropdown keeps the header in view. */
function pinned(header: HTMLElement): boolean {
  if (header.querySelector('[aria-expanded="true"]')) return true;
  try {
    return header.querySelector(':focus-visible') !== null;
  } catch {
    return false;
  }
}

/**
 * Starts the sticky header on `header` (the sentinel marks where it starts in the flow). Returns
 * the stop function, which puts the header back in the flow.
 */
export function installStickyHeader(header: HTMLElement, sentinel: HTMLElement, { enabled, hideOnScroll }: StickyHeaderSettings): () => void {
  if (!enabled) {
    delete header.dataset.sticky;
    delete header.dataset.stickyFrom;
    return () => undefined;
  }
  const root = document.documentElement;
  let height = 0;
  const publishHeight = () => {
    height = header.getBoundingClientRect().height;
    root.style.setProperty(STICKY_HEIGHT_VAR, `${height}px`);
  };
  publishHeight();
  const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(publishHeight) : null;
  resize?.observe(header);

  let current: StickyState = 'normal';
  const show = (state: StickyState, from: StickyState) => {
    header.dataset.sticky = state;
    header.dataset.stickyFrom = from;
  };
  show('normal', 'normal');
  let lastY = window.scrollY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const apply = (next: StickyState) => {
    if (next === current) return;
    show(next, current);
    current = next;
  };
  const evaluate = () => {
    timer = null;
    const y = window.scrollY;
    // The sentinel sits where the header starts in the flow, whatever the header's state.
    const top = sentinel.getBoundingClientRect().top + y;
    apply(nextStickyState({ state: current, y, lastY, top, height, hideOnScroll: hides(hideOnScroll), pinned: pinned(header) }));
    lastY = y;
  };
  const onScroll = () => {
    timer ??= setTimeout(evaluate, STICKY_DELAY_MS);
  };
  const onFocusIn = () => {
    if (current === 'hidden') apply('stuck');
  };

  evaluate();
  window.addEventListener('scroll', onScroll, { passive: true });
  header.addEventListener('focusin', onFocusIn);
  return () => {
    if (timer !== null) clearTimeout(timer);
    window.removeEventListener('scroll', onScroll);
    header.removeEventListener('focusin', onFocusIn);
    resize?.disconnect();
    root.style.removeProperty(STICKY_HEIGHT_VAR);
    show('normal', 'normal');
  };
}
