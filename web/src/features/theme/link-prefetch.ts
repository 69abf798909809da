//! Prefetch on intent (spec §5, §9, instant.page's timings): a link hovered for 65 ms, or
//! touched (at once). Mouse events within 1100 ms of a touch are ignored: they are the touch's
//! own emulated mouse events. One set of passive listeners on the document serves every link.

import { ROUTER_LINK_ATTRIBUTE } from '@/lib/router';
import { prefetchDecision } from './prefetch-rules';

export const HOVER_PREFETCH_DELAY_MS = 65;
export const TOUCH_MOUSE_GUARD_MS = 1100;

export interface LinkPrefetchOptions {
  /** Warms the data for a path (the app: the page query). */
  prefetch: (path: string) => void;
  doc?: Document;
  now?: () => number;
}

function anchorFrom(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null;
}

/** Listens on `doc`; returns the function that stops listening. */
export function installLinkPrefetch({ prefetch, doc = document, now = () => performance.now() }: LinkPrefetchOptions): () => void {
  const win = doc.defaultView;
  const connection = (win?.navigator as (Navigator & { connection?: { saveData?: boolean } }) | undefined)?.connection;
  // The visitor asked to save data: prefetch nothing.
  if (!win || connection?.saveData) return () => {};

  let lastTouchAt = Number.NEGATIVE_INFINITY;
  let hovered: HTMLAnchorElement | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const pathFor = (anchor: HTMLAnchorElement) => {
    const decision = prefetchDecision(
      {
        href: anchor.getAttribute('href') ?? '',
        noInstant: anchor.closest('[data-no-instant]') !== null,
        routerLink: anchor.hasAttribute(ROUTER_LINK_ATTRIBUTE),
      },
      win.location.href,
    );
    return decision.prefetch ? decision.path : null;
  };

  const onTouchStart = (event: TouchEvent) => {
    lastTouchAt = now();
    const anchor = anchorFrom(event.target);
    const path = anchor && pathFor(anchor);
    if (path) prefetch(path);
  };
  const onMouseOver = (event: MouseEvent) => {
    if (now() - lastTouchAt < TOUCH_MOUSE_GUARD_MS) return;
    const anchor = anchorFrom(event.target);
    if (!anchor || anchor === hovered) return;
    hovered = anchor;
    cancel();
    const path = pathFor(anchor);
    if (!path) return;
    timer = setTimeout(() => {
      timer = null;
      prefetch(path);
    }, HOVER_PREFETCH_DELAY_MS);
  };
  const onMouseOut = (event: MouseEvent) => {
    const anchor = anchorFrom(event.target);
    if (!anchor || anchor !== hovered) return;
    // Moving between the link's own children is not leaving it.
    if (event.relatedTarget instanceof Node && anchor.contains(event.relatedTarget)) return;
    hovered = null;
    cancel();
  };

  const options = { capture: true, passive: true } as const;
  doc.addEventListener('touchstart', onTouchStart, options);
  doc.addEventListener('mouseover', onMouseOver, options);
  doc.addEventListener('mouseout', onMouseOut, options);
  return () => {
    cancel();
    doc.removeEventListener('touchstart', onTouchStart, options);
    doc.removeEventListener('mouseover', onMouseOver, options);
    doc.removeEventListener('mouseout', onMouseOut, options);
  };
}
