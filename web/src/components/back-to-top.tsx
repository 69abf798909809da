//! "Back to top": shown once the page has scrolled past one window height (spec §4).

import { useEffect, useState } from 'react';
import { ArrowUpIcon } from './icons';

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
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    // The button hides at the top; keep keyboard focus somewhere sensible.
    document.getElementById(focusTargetId)?.focus({ preventScroll: true });
  };

  return (
    <button type="button" className="back-to-top" hidden={!active} onClick={goToTop}>
      <ArrowUpIcon />
      <span className="sr-only">Back to top</span>
    </button>
  );
}
