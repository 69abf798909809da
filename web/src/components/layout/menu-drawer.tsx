//! Small screens: a "Menu" button opening the navigation in a modal drawer (native <dialog>,
//! so focus stays inside and Escape closes it); submenus slide in as panels (drawer-nav.tsx, a
//! chunk loaded when the button is first pointed at, focused or pressed: ADR 0029).

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from '@/lib/router';
import type { SiteCategoryView } from '@/lib/api/types';
import { chunk } from '@/lib/chunks';
import { CloseIcon, MenuIcon } from '../icons';
import { ChunkBoundary, onDemand } from '../on-demand';

const drawerNav = chunk(() => import('./drawer-nav'));
const DrawerNav = onDemand(drawerNav, (module) => module.DrawerNav);
const warm = () => void drawerNav.load().catch(() => {});

export function MenuDrawer({ categories }: { categories: SiteCategoryView[] }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  // The navigation's code is asked for once the drawer is about to open, and kept from then on.
  const [wanted, setWanted] = useState(false);
  const titleId = useId();
  const location = useLocation();

  const close = useCallback(() => {
    const dialog = dialogRef.current;
    if (dialog?.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
    setOpen(false);
  }, []);

  const show = () => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // jsdom and very old browsers lack showModal; the open attribute still shows the drawer.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    setOpen(true);
    setWanted(true);
  };

  // A link inside the drawer navigated: close it.
  useEffect(() => {
    close();
  }, [location.pathname, location.search, close]);

  return (
    <>
      <button type="button" className="menu-toggle" aria-haspopup="dialog" aria-expanded={open} onClick={show} onPointerEnter={warm} onFocus={warm}>
        <MenuIcon />
        <span className="menu-toggle__text">Menu</span>
      </button>
      {/* Clicks on the backdrop land on the dialog itself; Escape is handled natively. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={dialogRef}
        className="menu-drawer"
        aria-labelledby={titleId}
        onClose={() => setOpen(false)}
        onClick={(event) => {
          if (event.target === dialogRef.current) close();
        }}
      >
        <div className="menu-drawer__panel">
          <div className="menu-drawer__header">
            <h2 id={titleId} className="menu-drawer__title">
              Menu
            </h2>
            <button type="button" className="icon-button" onClick={close}>
              <CloseIcon />
              <span className="sr-only">Close</span>
            </button>
          </div>
          {wanted && (
            <ChunkBoundary>
              <DrawerNav categories={categories} label="Main" open={open} />
            </ChunkBoundary>
          )}
          <ul className="menu-drawer__extra">
            <li>
              <a href="/cart/">Cart</a>
            </li>
            <li>
              <a href="/my-account/">My account</a>
            </li>
          </ul>
        </div>
      </dialog>
    </>
  );
}
