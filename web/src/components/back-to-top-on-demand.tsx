//! "Back to top" as the frame first loads (ADR 0037): nothing until the page has scrolled past
//! one window height, when the button (back-to-top.tsx, with its tooltip) is asked for. The
//! button is fixed at the window's corner and hidden at the top anyway, so it arriving later
//! moves nothing.

import { useEffect, useState } from 'react';
import { chunk } from '@/lib/chunks';
import { onDemand } from './on-demand';

const BackToTop = onDemand(
  chunk(() => import('./back-to-top')),
  (module) => module.BackToTop,
);

export function BackToTopOnDemand({ focusTargetId }: { focusTargetId: string }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const check = () => {
      if (window.scrollY > window.innerHeight) setWanted(true);
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [wanted]);
  return wanted ? <BackToTop focusTargetId={focusTargetId} /> : null;
}
