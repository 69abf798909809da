//! The sidebar placement: a tab fixed at the side of the window showing the current currency.
//! On a desktop it expands while the mouse is over it, through hover intent with the switcher
//! plugin's own defaults (interval 100 ms, sensitivity 6 px, timeout 0; the theme's menus keep
//! 3/20/70); at 768 px or narrower it expands on a tap instead, and while expanded there the
//! page does not scroll (spec §4, §9). The button works everywhere (keyboard, touch on wide
//! screens).

import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useMediaQuery } from '@/components/use-media-query';
import { createHoverIntent, HOVER_INTENT_DEFAULTS } from '@/lib/hover-intent';
import { messages } from '../messages';
import { SIDEBAR_TAP_QUERY } from '../placement';
import { CurrencySelect, type OpenChangeReason, type TakeOver } from './currency-select';

/** On <html> while the narrow sidebar is expanded (currency.css: overflow hidden). */
export const SCROLL_LOCK_CLASS = 'currency-scroll-lock';

export interface SidebarTakeOver extends TakeOver {
  /** The mouse was over the light sidebar, here: hover intent starts from there. */
  pointer?: { x: number; y: number };
}

export function CurrencySidebar({ takeOver }: { takeOver?: SidebarTakeOver } = {}) {
  const narrow = useMediaQuery(SIDEBAR_TAP_QUERY);
  const [open, setOpen] = useState(false);
  const openedByHover = useRef(false);
  const rootRef = useRef<HTMLElement>(null);
  const openRef = useRef(open);
  openRef.current = open;

  const [intent] = useState(() =>
    createHoverIntent({
      ...HOVER_INTENT_DEFAULTS,
      onOver: () => {
        if (openRef.current) return;
        openedByHover.current = true;
        setOpen(true);
      },
      onOut: () => {
        // Opened by a click or kept open by one: it stays.
        if (!openedByHover.current) return;
        openedByHover.current = false;
        setOpen(false);
      },
    }),
  );
  useEffect(() => () => intent.reset(), [intent]);
  const [pointer] = useState(takeOver?.pointer);
  useEffect(() => {
    if (pointer && !narrow) intent.enter(pointer.x, pointer.y);
  }, [pointer, narrow, intent]);

  useEffect(() => {
    if (!open || !narrow) return;
    const root = document.documentElement;
    root.classList.add(SCROLL_LOCK_CLASS);
    // A tap outside the expanded sidebar closes it (the page behind cannot scroll).
    const onClick = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('click', onClick);
    return () => {
      root.classList.remove(SCROLL_LOCK_CLASS);
      document.removeEventListener('click', onClick);
    };
  }, [open, narrow]);

  const hoverable = (event: PointerEvent) => !narrow && event.pointerType === 'mouse';
  const onOpenChange = (next: boolean, reason: OpenChangeReason) => {
    // A click on a sidebar the mouse has just expanded keeps it open (then it stays).
    if (!next && reason === 'button' && openedByHover.current) {
      openedByHover.current = false;
      return;
    }
    openedByHover.current = false;
    if (!next) intent.reset();
    setOpen(next);
  };

  return (
    <aside
      ref={rootRef}
      className="currency-sidebar"
      aria-label={messages.sidebar}
      data-expanded={open}
      onPointerEnter={(event) => {
        if (hoverable(event)) intent.enter(event.clientX, event.clientY);
      }}
      onPointerMove={(event) => {
        if (hoverable(event)) intent.move(event.clientX, event.clientY);
      }}
      onPointerLeave={(event) => {
        if (hoverable(event)) intent.leave();
      }}
    >
      <CurrencySelect open={open} onOpenChange={onOpenChange} className="currency-switcher--sidebar" takeOver={takeOver} />
    </aside>
  );
}
