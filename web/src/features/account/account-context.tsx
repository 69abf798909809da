//! AccountProvider: who is logged in, asked once per page load from the nonce endpoint (pages
//! are the same HTML for everyone, so nothing personal comes with them). Holds the API client
//! whose nonce the account's calls (and other features' authenticated calls) travel with.

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { api, type ApiClient } from '@/lib/api/client';
import type { AccountView, LoginRequest, UpdateAccountRequest } from '@/lib/api/types';

/** `loading` until the session answered; `failed` when it could not be asked (treated as logged out). */
export type AccountStatus = 'loading' | 'ready' | 'failed';

export interface AccountContextValue {
  status: AccountStatus;
  account: AccountView | null;
  /** The API client holding the session's nonce (authenticated calls: blocks). */
  client: ApiClient;
  /** Asks the session again. */
  refresh(): Promise<AccountView | null>;
  /** Rejects with the server's ApiError (invalid_credentials, invalid_parameter, rate_limited). */
  login(request: LoginRequest): Promise<AccountView>;
  logout(): Promise<void>;
  /** Hides the coming-soon banner at once; brings it back and rejects if the server refuses. */
  dismissComingSoonBanner(): Promise<void>;
}

const AccountContext = createContext<AccountContextValue | null>(null);

export interface AccountProviderProps {
  children: ReactNode;
  /** Default: the page's API client. */
  client?: ApiClient;
}

/** The spec's coming-soon banner dismissal, as the user's own meta. */
const DISMISS_BANNER: UpdateAccountRequest = { woocommerce_meta: { coming_soon_banner_dismissed: 'yes' } };

interface AccountState {
  status: AccountStatus;
  account: AccountView | null;
}

export function AccountProvider({ children, client: given }: AccountProviderProps) {
  const [client] = useState(() => given ?? api);
  const [state, setState] = useState<AccountState>({ status: 'loading', account: null });
  const started = useRef(false);

  // Every answer of the nonce endpoint, also the ones a nonce renewal asks for, is the truth.
  useEffect(() => client.account.subscribe(({ account }) => setState({ status: 'ready', account: account ?? null })), [client]);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    client.account.session().catch(() => setState((previous) => (previous.status === 'loading' ? { status: 'failed', account: null } : previous)));
  }, [client]);

  const refresh = useCallback(async () => (await client.account.session()).account ?? null, [client]);
  const login = useCallback(
    async (request: LoginRequest) => {
      const account = await client.account.login(request);
      setState({ status: 'ready', account });
      return account;
    },
    [client],
  );
  const logout = useCallback(async () => {
    await client.account.logout();
    setState({ status: 'ready', account: null });
  }, [client]);
  const dismissComingSoonBanner = useCallback(async () => {
    const banner = (show: boolean) => (previous: AccountState) =>
      previous.account ? { ...previous, account: { ...previous.account, coming_soon_banner: show } } : previous;
    setState(banner(false));
    try {
      const account = await client.account.update(DISMISS_BANNER);
      setState({ status: 'ready', account });
    } catch (error) {
      setState(banner(true));
      throw error;
    }
  }, [client]);

  const value = useMemo(
    () => ({ ...state, client, refresh, login, logout, dismissComingSoonBanner }),
    [state, client, refresh, login, logout, dismissComingSoonBanner],
  );
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}

export function useAccount(): AccountContextValue {
  const value = useContext(AccountContext);
  if (!value) throw new Error('useAccount needs an <AccountProvider> above it.');
  return value;
}
