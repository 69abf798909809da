//! `/my-account/`: the login form while logged out, else the dashboard (area/dashboard.tsx) or
//! what the caller puts there (the block editor). Logging in or out here swaps the
//! content in place and moves focus to the new content's start.

import { useEffect, useRef, type ReactNode } from 'react';
import type { AccountView } from '@/lib/api/types';
import { useAccount } from '../account-context';
import { ACCOUNT_FOCUS_SELECTOR } from '../messages';
import { AccountDashboard } from '../area/dashboard';
import { LoginForm } from './login-form';

export interface AccountPageProps {
  /** Above the login form while logged out. */
  loginNotice?: string;
  /** What a logged-in user sees instead of the dashboard. */
  children?: (account: AccountView) => ReactNode;
}

/** After a login or logout the focused control is gone: start the new content there. */
function useFocusOnAccountChange(accountId: number | null, ready: boolean) {
  const container = useRef<HTMLDivElement>(null);
  const previous = useRef<{ ready: boolean; id: number | null }>({ ready, id: accountId });
  useEffect(() => {
    const before = previous.current;
    previous.current = { ready, id: accountId };
    if (!before.ready || before.id === accountId) return;
    const active = document.activeElement;
    // Focus that is still somewhere (the toolbar's logout handed it on) stays there.
    if (active && active !== document.body && active.isConnected) return;
    const root = container.current;
    (root?.querySelector<HTMLElement>(ACCOUNT_FOCUS_SELECTOR) ?? root)?.focus();
  }, [accountId, ready]);
  return container;
}

export function AccountPage({ loginNotice, children }: AccountPageProps) {
  const { status, account } = useAccount();
  const ready = status !== 'loading';
  const container = useFocusOnAccountChange(account?.id ?? null, ready);

  let content: ReactNode;
  if (!ready) {
    content = (
      <p role="status" className="account-page__loading">
        Loading your account…
      </p>
    );
  } else if (!account) {
    content = (
      <>
        <h1 className="page-title">My account</h1>
        <LoginForm notice={loginNotice} />
      </>
    );
  } else {
    content = children ? children(account) : <AccountDashboard account={account} />;
  }

  return (
    <div ref={container} className="container account-page" tabIndex={-1}>
      {content}
    </div>
  );
}
