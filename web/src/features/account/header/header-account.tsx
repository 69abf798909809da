//! The header's account control. Logged out: "Login", which opens the login popup (the login
//! form in a dialog, with "Lost your password?" and a link to register on the account page);
//! the popup opens by itself when it holds notices (login-notices.ts). Logged in: "My account"
//! and "Log out". After a login from the popup focus goes to "My account"; after a logout, to
//! "Login". The popup's code (the login form) is a chunk loaded when it first opens.

import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from '@/lib/router';
import { ChunkBoundary, onDemand } from '@/components/on-demand';
import { chunk } from '@/lib/chunks';
import { useAccount } from '../account-context';
import { ACCOUNT_URL } from '../urls';
import { useLogout } from '../use-logout';
import { clearLoginNotices, readLoginNotices } from './login-notices';

const LoginPopup = onDemand(
  chunk(() => import('./login-popup')),
  (module) => module.LoginPopup,
);

const UserIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true" focusable="false">
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
  </svg>
);

export function HeaderAccount() {
  const { status, account } = useAccount();
  const { logout, sending, error } = useLogout();
  // The notices this page load found; a refusal from now on shows in the form's own alert.
  const [notices, setNotices] = useState<string[]>(() => readLoginNotices());
  // Opens by itself when it has notices (spec §2).
  const [open, setOpen] = useState(() => notices.length > 0);
  // Kept once loaded, so the popup can fade out on close.
  const [popupWanted, setPopupWanted] = useState(open);
  if (open && !popupWanted) setPopupWanted(true);
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);
  const titleId = useId();
  const loginButton = useRef<HTMLButtonElement>(null);
  const accountLink = useRef<HTMLAnchorElement>(null);
  const was = useRef<number | null | undefined>(undefined);

  useEffect(() => {
    if (status === 'loading') return;
    const id = account?.id ?? null;
    const before = was.current;
    was.current = id;
    if (before === undefined || before === id) return;
    if (id !== null) {
      clearLoginNotices();
      setNotices([]);
      setOpen(false);
      requestAnimationFrame(() => accountLink.current?.focus());
    } else if (document.activeElement === document.body || !document.activeElement?.isConnected) {
      requestAnimationFrame(() => loginButton.current?.focus());
    }
  }, [status, account]);

  // Following a link in the popup ("Lost your password?", "Register") closes it.
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    clearLoginNotices();
    setNotices([]);
    setOpen(false);
  }, [pathname]);

  const close = () => {
    clearLoginNotices();
    setNotices([]);
    setOpen(false);
  };

  if (account) {
    return (
      <div className="header-account">
        <Link ref={accountLink} to={ACCOUNT_URL} className="header-account__link">
          <UserIcon />
          <span>My account</span>
        </Link>
        <button type="button" className="header-account__link header-account__logout" aria-busy={sending || undefined} onClick={() => void logout()}>
          Log out
        </button>
        {error && (
          <p role="alert" className="header-account__error">
            {error}
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="header-account">
      <button
        ref={loginButton}
        type="button"
        className="header-account__link"
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={status === 'loading'}
        onClick={() => setOpen(true)}
      >
        <UserIcon />
        <span>Login</span>
      </button>
      {(open || popupWanted) && (
        <ChunkBoundary onDismiss={close}>
          <LoginPopup
            open={open && !account}
            onClose={close}
            titleId={titleId}
            returnFocus={loginButton.current}
            notice={notices.length > 0 ? notices[notices.length - 1] : undefined}
          />
        </ChunkBoundary>
      )}
    </div>
  );
}
