//! Scrolling from script: the sticky header's height (which the header publishes as the CSS
//! variable --sticky-height) and an animated scroll over a fixed duration with jQuery's "swing"
//! easing, as the theme does; instant under prefers-reduced-motion.

import { prefersReducedMotion } from './motion';

export const STICKY_HEIGHT_VAR = '--sticky-height';

/** The sticky header's height in px (0 without a sticky header); reads no layout. */
export function stickyHeight(doc: Document = document): number {
  const value = Number.parseFloat(doc.documentElement.style.getPropertyValue(STICKY_HEIGHT_VAR));
  return Number.isFinite(value) ? value : 0;
}

/** jQuery's default easing. */
export function swing(progress: number): number {
  return 0.5 - Math.cos(progress * Math.PI) / 2;
}

type ScrollWindow = Pick<
  Window,
  'scrollY' | 'scrollTo' | 'requestAnimationFrame' | 'cancelAnimationFrame' | 'matchMedia' | 'addEventListener' | 'removeEventListener'
>;

const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown'] as const;

/**
 * Scrolls the window to `top` over `duration` ms. The visitor taking over (wheel, touch, key)
 * stops the animation where it is. Returns a function that stops it too.
 */
export function animateScrollTo(top: number, duration: number, win: ScrollWindow = window): () => void {
  const from = win.scrollY;
  const to = Math.max(0, Math.round(top));
  // `instant`: the stylesheet's smooth scroll-behavior would otherwise smooth every step.
  const jump = (y: number) => win.scrollTo({ top: y, behavior: 'instant' });
  if (from === to) return () => {};
  if (duration <= 0 || prefersReducedMotion(win)) {
    jump(to);
    return () => {};
  }

  let frame = 0;
  let startedAt: number | null = null;
  const stop = () => {
    win.cancelAnimationFrame(frame);
    for (const type of USER_SCROLL_EVENTS) win.removeEventListener(type, stop);
  };
  const step = (now: number) => {
    startedAt ??= now;
    const progress = Math.min(1, (now - startedAt) / duration);
    jump(Math.round(from + (to - from) * swing(progress)));
    if (progress < 1) frame = win.requestAnimationFrame(step);
    else stop();
  };
  for (const type of USER_SCROLL_EVENTS) win.addEventListener(type, stop, { passive: true });
  frame = win.requestAnimationFrame(step);
  return stop;
}
