//! "Back to top": shown once the page has scrolled past one window height (spec §4); scrolls up
//! over the theme's 1000 ms (instant under reduced motion), with a tooltip naming it.

import { useEffect, useState } from 'react';
import { animateScrollTo } from '@/lib/scroll';
import { ArrowUpIcon } from './icons';
import { Tooltip } from './tooltip';

/** Spec §9: scroll animation 1000 ms. */
export const BACK_TO_TOP_SCROLL_MS = 1000;

export function BackToTop({ focusTargetId }: { focusTargetId: string }) {
  const [active, setActive] = useState(false);

  useEffect(() => {
    const update = () => setActive(window.scrollY > window.innerHeight);
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  const goToTop = () => {
    animateScrollTo(0, BACK_TO_TOP_SCROLL_MS);
    // The button hides at the top; keep keyboard focus somewhere sensible.
    document.getElementById(focusTargetId)?.focus({ preventScroll: true });
  };

  return (
    <Tooltip text="Back to top" describe={false}>
      {(trigger) => (
        <button {...trigger} type="button" className="back-to-top" hidden={!active} onClick={goToTop}>
          <ArrowUpIcon />
          <span className="sr-only">Back to top</span>
        </button>
      )}
    </Tooltip>
  );
}
