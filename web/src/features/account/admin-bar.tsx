//! The toolbar at the very top for accounts with the admin bar (WordPress's admin bar): the
//! shop's name (home), "My account" and "Log out". Visitors never render it, so their layout
//! never moves for it.

import { useLayoutEffect, useRef } from 'react';
import { Link } from '@/lib/router';
import { useAccount } from './account-context';
import { useLogout } from './use-logout';

import { ACCOUNT_URL } from './urls';

export interface AdminBarProps {
  siteName: string;
  /** Called when the bar goes while it holds focus (after logging out), to hand focus on. */
  onFocusLost?: () => void;
}

export function AdminBar({ siteName, onFocusLost }: AdminBarProps) {
  const { account } = useAccount();
  if (!account?.capabilities.admin_bar) return null;
  return <Toolbar siteName={siteName} onFocusLost={onFocusLost} />;
}

function Toolbar({ siteName, onFocusLost }: AdminBarProps) {
  const { logout, sending, error } = useLogout();
  const nav = useRef<HTMLElement>(null);
  const latest = useRef(onFocusLost);
  useLayoutEffect(() => {
    latest.current = onFocusLost;
  });

  // Runs before the bar leaves the document: focus inside it moves on instead of dropping to <body>.
  useLayoutEffect(() => {
    const node = nav.current;
    return () => {
      if (node?.contains(document.activeElement)) latest.current?.();
    };
  }, []);

  return (
    <nav ref={nav} className="admin-bar" aria-label="Toolbar">
      <ul className="admin-bar__items">
        <li>
          <Link to="/" className="admin-bar__item admin-bar__item--site">
            {siteName}
          </Link>
        </li>
        <li>
          <Link to={ACCOUNT_URL} className="admin-bar__item">
            My account
          </Link>
        </li>
        <li className="admin-bar__end">
          <button type="button" className="admin-bar__item" aria-busy={sending || undefined} onClick={() => void logout()}>
            Log out
          </button>
        </li>
      </ul>
      {error && (
        <p role="alert" className="admin-bar__error">
          {error}
        </p>
      )}
    </nav>
  );
}
