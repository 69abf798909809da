//! The page frame is the server's HTML (ADR 0040: skip link, store notice, header, footer); this
//! module drives the parts of it that are not React islands, without rendering anything: the
//! sticky header, the store notice's Dismiss, the footer's folding lists, the progress bar and
//! `<main>`'s busy state while the next page loads, focus on `<main>` after a page change (as a
//! full load would put it at the top), and the frame's router links (a plain click on the brand
//! or a footer category navigates in the page, as the app's `Link` does).

import { SMALL_QUERY } from '@/lib/breakpoints';
import { ROUTER_LINK_ATTRIBUTE, type Router } from '@/lib/router';
import { installStickyHeader, type StickyHeaderSettings } from './sticky-header';

export const HEADER_ID = 'site-header';
export const MAIN_ID = 'main';

export interface FrameOptions {
  doc?: Document;
  sticky: StickyHeaderSettings;
}

/** Follows the router: `<main>` busy and the progress bar while loading, focus on `<main>` once the address changes. */
export function followNavigation(router: Pick<Router, 'state' | 'subscribe'>, doc: Document = document): () => void {
  const main = doc.getElementById(MAIN_ID);
  const progress = doc.querySelector<HTMLElement>('.route-progress');
  let pathname = router.state.location.pathname;
  return router.subscribe((state) => {
    const busy = state.navigation.state !== 'idle';
    if (progress) progress.dataset.active = String(busy);
    if (main) {
      if (busy) main.setAttribute('aria-busy', 'true');
      else main.removeAttribute('aria-busy');
    }
    if (state.location.pathname === pathname) return;
    pathname = state.location.pathname;
    main?.focus({ preventScroll: true });
  });
}

const isModified = (event: MouseEvent) => event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

/**
 * A plain left click on a frame link marked for the router (`data-router-link`, as `Link` marks
 * its own) navigates in the page; React's own links (in `<main>` and the islands) handle their
 * clicks themselves and have already called preventDefault.
 */
export function followFrameLinks(router: Pick<Router, 'navigate'>, doc: Document = document): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || isModified(event)) return;
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(`a[${ROUTER_LINK_ATTRIBUTE}]`) : null;
    if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const url = new URL(link.href, doc.baseURI);
    if (url.origin !== doc.defaultView?.location.origin) return;
    event.preventDefault();
    const path = `${url.pathname}${url.search}${url.hash}`;
    const here = doc.defaultView.location;
    void router.navigate(path, { replace: `${here.pathname}${here.search}${here.hash}` === path });
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}

/**
 * Starts the frame's behaviour on the server's HTML; returns the stop function. The store
 * notice's and the footer's code are chunks of their own, asked for only where there is a
 * notice, or a small screen to fold the footer on (the first load of most pages needs neither).
 */
export function startFrame(router: Pick<Router, 'state' | 'subscribe' | 'navigate'>, { doc = document, sticky }: FrameOptions): () => void {
  let stopped = false;
  const stops: (() => void)[] = [];
  const header = doc.getElementById(HEADER_ID);
  const focusHeader = () => header?.focus({ preventScroll: true });
  if (doc.querySelector('.store-notice')) {
    void import('@/features/theme/store-notice').then(({ installStoreNotice }) => {
      if (!stopped) installStoreNotice(doc, { onDismiss: focusHeader });
    });
  }
  const sentinel = doc.querySelector<HTMLElement>('.site-header-sentinel');
  if (header && sentinel) stops.push(installStickyHeader(header, sentinel, sticky));
  const footer = doc.querySelector<HTMLElement>('.site-footer');
  const win = doc.defaultView;
  const small = win?.matchMedia?.(SMALL_QUERY);
  if (footer && win && small) {
    const fold = () => {
      small.removeEventListener?.('change', fold);
      void import('./footer-fold').then(({ installFooterFold }) => {
        if (!stopped) stops.push(installFooterFold(footer, win));
      });
    };
    if (small.matches) fold();
    else {
      small.addEventListener?.('change', fold);
      stops.push(() => small.removeEventListener?.('change', fold));
    }
  }
  stops.push(followNavigation(router, doc), followFrameLinks(router, doc));
  return () => {
    stopped = true;
    for (const stop of stops) stop();
  };
}
