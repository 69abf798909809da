//! Whether an element has scrolled out above the viewport, from an IntersectionObserver: no
//! scroll listeners, no layout reads on the main thread while scrolling.

import { useEffect, useState } from 'react';

/**
 * The root reaches far below the window, so "below the window" counts as intersecting and only
 * "above it" does not: a jump straight from below to above (End key, a link to #reviews) still
 * changes the state, where a plain observer would see "not intersecting" twice and stay quiet.
 */
const ROOT_MARGIN = '0px 0px 1000000px 0px';

/** True while `target` lies wholly above the viewport; false while visible or below it. */
export function useScrolledPast(target: Element | null): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        const top = entry.rootBounds?.top ?? 0;
        setPast(!entry.isIntersecting && entry.boundingClientRect.bottom <= top);
      },
      { rootMargin: ROOT_MARGIN },
    );
    observer.observe(target);
    return () => {
      observer.disconnect();
      setPast(false);
    };
  }, [target]);
  return past;
}
