//! Scroll-depth trigger: fires once past a percentage of the scrollable height, then unhooks.

/** The window properties the trigger reads. */
export interface ScrollWindow {
  readonly scrollY: number;
  readonly innerHeight: number;
  addEventListener(type: 'scroll', listener: () => void, options?: AddEventListenerOptions): void;
  removeEventListener(type: 'scroll', listener: () => void): void;
}

/** Pixels to scroll past: `percent` of (document height − viewport height), rounded. */
export function scrollThreshold(documentHeight: number, viewportHeight: number, percent: number): number {
  return Math.round(((documentHeight - viewportHeight) * percent) / 100);
}

/**
 * Calls `onReached` once when the visitor scrolls past `percent` of the scrollable height and
 * removes the listener. Returns a cleanup for pages that unmount first.
 */
export function onScrollDepth(
  percent: number,
  onReached: () => void,
  win: ScrollWindow = window,
  doc: Document = document,
): () => void {
  const listener = () => {
    const threshold = scrollThreshold(doc.documentElement.scrollHeight, win.innerHeight, percent);
    if (threshold < win.scrollY) {
      win.removeEventListener('scroll', listener);
      onReached();
    }
  };
  win.addEventListener('scroll', listener, { passive: true });
  return () => win.removeEventListener('scroll', listener);
}
