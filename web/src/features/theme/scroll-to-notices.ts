//! Notices scrolled into view (spec §9, WooCommerce's scroll_to_notices: 100 px offset over
//! 1000 ms): when an alert appears in the page outside the visible area, the page scrolls until
//! it sits 100 px below the sticky header. Only the shop's notices count (cart and add-to-cart
//! errors, as WooCommerce's notice wrappers): inline messages next to what the shopper is using
//! (a variation's "no match", a form field's error, the lightbox) never move the page.

import { useEffect, type RefObject } from 'react';
import { animateScrollTo, stickyHeight } from '@/lib/scroll';

export const NOTICE_OFFSET = 100;
export const NOTICE_SCROLL_MS = 1000;
export const NOTICE_SELECTOR = '[role="alert"]:is(.cart-notice, .notice, .woocommerce-error, .woocommerce-message, .woocommerce-info)';

export interface NoticeGeometry {
  /** The notice's edges relative to the window. */
  top: number;
  bottom: number;
  scrollY: number;
  viewportHeight: number;
  stickyHeight: number;
}

/** The scroll position that brings the notice into view, or null when it is already visible. */
export function noticeScrollTarget(g: NoticeGeometry): number | null {
  const visible = g.top >= g.stickyHeight && g.bottom <= g.viewportHeight;
  if (visible) return null;
  return Math.max(0, g.scrollY + g.top - g.stickyHeight - NOTICE_OFFSET);
}

function addedNotice(records: MutationRecord[]): Element | null {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (!(node instanceof Element)) continue;
      const notice = node.matches(NOTICE_SELECTOR) ? node : node.querySelector(NOTICE_SELECTOR);
      if (notice) return notice;
    }
  }
  return null;
}

/** Watches `rootRef` (the main area) for alerts being added. */
export function useScrollToNotices(rootRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = rootRef.current;
    if (!root || typeof MutationObserver !== 'function') return;
    const observer = new MutationObserver((records) => {
      const notice = addedNotice(records);
      if (!notice) return;
      const rect = notice.getBoundingClientRect();
      const target = noticeScrollTarget({
        top: rect.top,
        bottom: rect.bottom,
        scrollY: window.scrollY,
        viewportHeight: window.innerHeight,
        stickyHeight: stickyHeight(),
      });
      if (target !== null) animateScrollTo(target, NOTICE_SCROLL_MS);
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [rootRef]);
}
