//! `/my-account/`: WooCommerce's "Login" and "Register" forms side by side while logged out
//! (the Register form only where the caller allows sign-up), else the dashboard ("Hello
//! {name}", "Log out") or what the caller puts there (the block editor, Account details).
//! Logging in or out here swaps the content in place and moves focus to the new content's
//! start. A notice handed over by the page before (a password reset) is shown on top.

import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from '@/lib/router';
import type { AccountView } from '@/lib/api/types';
import { useAccount } from '../account-context';
import { ACCOUNT_FOCUS_SELECTOR } from '../messages';
import { AccountDashboard } from '../area/dashboard';
import { RegisterForm } from '../register/register-form';
import { LoginForm } from './login-form';

export interface AccountPageProps {
  /** Above the login form while logged out. */
  loginNotice?: string;
  /** What a logged-in user sees instead of the dashboard. */
  children?: (account: AccountView) => ReactNode;
  /** Show WooCommerce's Register form beside the login form (default: yes). */
  register?: boolean;
}

/** A notice the page before handed over in the history state (`{ notice }`). */
function useHandedNotice(): string | null {
  const { state } = useLocation();
  const notice: unknown = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' ? notice : null;
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

export function AccountPage({ loginNotice, children, register = true }: AccountPageProps) {
  const { status, account } = useAccount();
  const handed = useHandedNotice();
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
        <div className={register ? 'account-forms col2-set' : 'account-forms'}>
          <LoginForm notice={loginNotice} />
          {register && <RegisterForm />}
        </div>
      </>
    );
  } else {
    content = children ? children(account) : <AccountDashboard account={account} />;
  }

  return (
    <div ref={container} className="container account-page" tabIndex={-1}>
      {/* Pages given as children (the account area's) show their own handed notice. */}
      {handed && ready && !(account && children) && (
        <p role="status" className="notice notice--success">
          {handed}
        </p>
      )}
      {content}
    </div>
  );
}
