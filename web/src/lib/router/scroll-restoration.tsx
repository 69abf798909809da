//! Scroll as a full page load would: a new page starts at the top (or at its hash's element),
//! back/forward return to where the visitor was on that entry (kept in sessionStorage across
//! reloads), a revalidation leaves the scroll alone.

import { useEffect, useLayoutEffect } from 'react';
import { useRouter, useRouterState } from './context';

export const SCROLL_POSITIONS_KEY = 'vitrine-scroll-positions';

function readSaved(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}');
    return typeof saved === 'object' && saved !== null ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function ScrollRestoration() {
  const router = useRouter();
  const { location, navigation, restoreScroll, preventScrollReset } = useRouterState();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    Object.assign(router.scrollPositions, { ...readSaved(), ...router.scrollPositions });
  }, [router]);

  // Leaving the tab (or reloading): keep this entry's position for when the visitor comes back.
  useEffect(() => {
    const onPageHide = () => {
      if (navigation.state === 'idle') router.scrollPositions[location.key] = window.scrollY;
      try {
        sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(router.scrollPositions));
      } catch {
        // Storage full or denied: positions are kept for this document only.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [router, location, navigation.state]);

  useLayoutEffect(() => {
    if (restoreScroll === false) return;
    if (typeof restoreScroll === 'number') {
      window.scrollTo(0, restoreScroll);
      return;
    }
    if (location.hash) {
      let element: HTMLElement | null = null;
      try {
        element = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      } catch {
        // Not a decodable id: no element to scroll to.
      }
      if (element) {
        element.scrollIntoView();
        return;
      }
    }
    if (!preventScrollReset) window.scrollTo(0, 0);
  }, [location, restoreScroll, preventScrollReset]);

  return null;
}
