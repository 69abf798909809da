//! A parent category in the header bar before the dropdowns' code has arrived (category-nav.tsx):
//! the same markup as NavDropdown closed, its link working; the toggle asks for the code on
//! focus or a press, and a press holds the swap until its click (so the click is not lost).
//! The bar asks for it too when the pointer first comes over it (category-nav.tsx).

import type { CSSProperties, ReactNode } from 'react';
import { NavLink } from '@/lib/router';
import { ChevronDownIcon } from '../icons';

/** What the shopper did to the light bar, read when the dropdowns take over. */
export interface LightSeen {
  /** A press began on a toggle: the swap waits for its click. */
  pressing: boolean;
  /** The item whose toggle was pressed. */
  pressed?: number;
  pointer?: { x: number; y: number };
  /** Each item's toggle, by category id. */
  toggles: Map<number, HTMLButtonElement>;
}

interface LightDropdownProps {
  id: number;
  name: string;
  url: string;
  menuId: string;
  seen: LightSeen;
  wake: () => void;
  /** A press ended: re-render, so a swap held back by it happens. */
  settle: () => void;
  children: ReactNode;
}

const CLOSED = { '--dropdown-shift': '0px' } as CSSProperties;

export function LightDropdown({ id, name, url, menuId, seen, wake, settle, children }: LightDropdownProps) {
  const pressed = () => {
    seen.pressing = false;
    seen.pressed = id;
    settle();
  };
  return (
    <li className="nav__item nav__item--parent" data-open={false}>
      <div className="nav__parent">
        <NavLink className="nav__link" to={url}>
          {name}
        </NavLink>
        <button
          ref={(toggle) => {
            if (toggle) seen.toggles.set(id, toggle);
            else seen.toggles.delete(id);
          }}
          type="button"
          className="nav__toggle"
          aria-expanded={false}
          aria-controls={menuId}
          onPointerDown={() => {
            seen.pressing = true;
            // A press that ends elsewhere (no click) lets the swap happen after all.
            const ended = () =>
              setTimeout(() => {
                if (!seen.pressing) return;
                seen.pressing = false;
                settle();
              }, 0);
            document.addEventListener('pointerup', ended, { once: true });
            wake();
          }}
          onClick={pressed}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') pressed();
          }}
        >
          <ChevronDownIcon />
          <span className="sr-only">{name} submenu</span>
        </button>
      </div>
      <ul id={menuId} className="nav__submenu" style={CLOSED}>
        {children}
      </ul>
    </li>
  );
}
