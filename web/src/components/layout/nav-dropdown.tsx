//! A top-level category with children in the header bar: the category link, then a toggle that
//! opens the submenu on hover (hover intent, spec §9: 3 px / 20 ms / 70 ms), on click or tap, and
//! with Enter or Space (a native button). Arrow Down opens and moves into the submenu, arrows move
//! between its links, Escape closes and returns focus to the toggle; focus or a click leaving
//! the item closes it, and so does a page change.

import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { NavLink, useLocation } from '@/lib/router';
import { createHoverIntent, THEME_HOVER_INTENT } from '@/lib/hover-intent';
import { ChevronDownIcon } from '../icons';
import { dropdownShift } from './dropdown-placement';

interface NavDropdownProps {
  name: string;
  url: string;
  /** The submenu's id (the light item's, so aria-controls stays the same). */
  menuId?: string;
  children: ReactNode;
  /** Taking over from the light item (category-nav.tsx): what the shopper did to it meanwhile. */
  takeOver?: DropdownTakeOver;
}

/** What happened to a light item before the dropdowns' code arrived. */
export interface DropdownTakeOver {
  /** Its toggle had focus. */
  focused: boolean;
  /** Its toggle was pressed: the menu opens, as a click would. */
  pressed: boolean;
  /** The mouse is over the item, here: hover intent starts from there. */
  pointer?: { x: number; y: number };
}

type Opener = 'hover' | 'click' | null;

function submenuLinks(menu: HTMLElement | null): HTMLAnchorElement[] {
  return menu ? [...menu.querySelectorAll<HTMLAnchorElement>('a[href]')] : [];
}

export function NavDropdown({ name, url, menuId: givenMenuId, children, takeOver }: NavDropdownProps) {
  const [open, setOpen] = useState(false);
  const [shift, setShift] = useState(0);
  const openedBy = useRef<Opener>(null);
  const focusFirst = useRef(false);
  const itemRef = useRef<HTMLLIElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const ownMenuId = useId();
  const menuId = givenMenuId ?? ownMenuId;
  const { pathname } = useLocation();

  const [intent] = useState(() =>
    createHoverIntent({
      ...THEME_HOVER_INTENT,
      onOver: () => {
        openedBy.current ??= 'hover';
        setOpen(true);
      },
      onOut: () => {
        // A menu opened by click or keyboard stays until clicked away or closed.
        if (openedBy.current !== 'hover') return;
        openedBy.current = null;
        setOpen(false);
      },
    }),
  );

  const close = (returnFocus: boolean) => {
    openedBy.current = null;
    intent.reset();
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  };
  const closeRef = useRef(close);
  closeRef.current = close;

  useEffect(() => () => intent.reset(), [intent]);

  useEffect(() => closeRef.current(false), [pathname]);

  // Once, on taking over from the light item (after the page-change close above, which runs on mount).
  const [taken] = useState(takeOver);
  useEffect(() => {
    if (!taken) return;
    if (taken.pressed) {
      openedBy.current = 'click';
      setOpen(true);
    } else if (taken.pointer) intent.enter(taken.pointer.x, taken.pointer.y);
    if (taken.focused) toggleRef.current?.focus({ preventScroll: true });
  }, [taken, intent]);

  // Pointer, keyboard and focus listeners on the item (native: the <li> is not a control).
  useEffect(() => {
    const item = itemRef.current;
    if (!item) return;
    const isMouse = (event: PointerEvent) => event.pointerType === 'mouse';
    const onEnter = (event: PointerEvent) => isMouse(event) && intent.enter(event.clientX, event.clientY);
    const onMove = (event: PointerEvent) => isMouse(event) && intent.move(event.clientX, event.clientY);
    const onLeave = (event: PointerEvent) => isMouse(event) && intent.leave();
    const onFocusOut = (event: FocusEvent) => {
      if (!item.contains(event.relatedTarget as Node | null) && openedBy.current !== 'hover') closeRef.current(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const links = submenuLinks(menuRef.current);
      const index = links.indexOf(document.activeElement as HTMLAnchorElement);
      if (event.key === 'Escape' && item.dataset.open === 'true') {
        event.preventDefault();
        event.stopPropagation();
        closeRef.current(true);
      } else if (event.key === 'ArrowDown' && event.target === toggleRef.current) {
        event.preventDefault();
        openedBy.current = 'click';
        focusFirst.current = true;
        setOpen(true);
        if (item.dataset.open === 'true') links[0]?.focus();
      } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && index !== -1) {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        links[(index + step + links.length) % links.length]?.focus();
      }
    };
    item.addEventListener('pointerenter', onEnter);
    item.addEventListener('pointermove', onMove, { passive: true });
    item.addEventListener('pointerleave', onLeave);
    item.addEventListener('focusout', onFocusOut);
    item.addEventListener('keydown', onKeyDown);
    return () => {
      item.removeEventListener('pointerenter', onEnter);
      item.removeEventListener('pointermove', onMove);
      item.removeEventListener('pointerleave', onLeave);
      item.removeEventListener('focusout', onFocusOut);
      item.removeEventListener('keydown', onKeyDown);
    };
  }, [intent]);

  // While open: a press anywhere else closes it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!itemRef.current?.contains(event.target as Node)) closeRef.current(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // On opening: keep the dropdown inside its container, and move focus in when asked to.
  useLayoutEffect(() => {
    const item = itemRef.current;
    const menu = menuRef.current;
    if (!open || !item || !menu) return;
    const container = (item.closest('.container') ?? document.documentElement).getBoundingClientRect();
    const rect = menu.getBoundingClientRect();
    setShift((current) =>
      dropdownShift({
        containerLeft: container.left,
        containerWidth: container.width,
        viewportWidth: document.documentElement.clientWidth,
        dropdownLeft: rect.left - current,
        dropdownWidth: rect.width,
      }),
    );
    if (focusFirst.current) submenuLinks(menu)[0]?.focus();
    focusFirst.current = false;
  }, [open]);

  const onToggle = () => {
    intent.reset();
    // A click on a menu that hover just opened keeps it open rather than closing it again.
    if (open && openedBy.current === 'hover') {
      openedBy.current = 'click';
      return;
    }
    openedBy.current = open ? null : 'click';
    setOpen(!open);
  };

  return (
    <li ref={itemRef} className="nav__item nav__item--parent" data-open={open}>
      <div className="nav__parent">
        <NavLink className="nav__link" to={url}>
          {name}
        </NavLink>
        <button ref={toggleRef} type="button" className="nav__toggle" aria-expanded={open} aria-controls={menuId} onClick={onToggle}>
          <ChevronDownIcon />
          <span className="sr-only">{name} submenu</span>
        </button>
      </div>
      <ul ref={menuRef} id={menuId} className="nav__submenu" style={{ '--dropdown-shift': `${shift}px` } as CSSProperties}>
        {children}
      </ul>
    </li>
  );
}
