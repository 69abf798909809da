//! Logging out from any control (the toolbar, the dashboard): one request at a time, and the
//! server's message, or ours, when it fails.

import { useCallback, useState } from 'react';
import { ApiError } from '@/lib/api/client';
import { useAccount } from './account-context';
import { LOGOUT_FAILED } from './logout-message';

export interface Logout {
  /** Ends the session; a second press while the first is on its way does nothing. */
  logout(): Promise<void>;
  /** The request is on its way (aria-busy on the control). */
  sending: boolean;
  error: string | null;
}

export function useLogout(): Logout {
  const { logout: endSession } = useAccount();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const logout = useCallback(async () => {
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      await endSession();
      // Logged out: the control that asked is about to go, so `sending` stays as it is.
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : LOGOUT_FAILED);
      setSending(false);
    }
  }, [sending, endSession]);

  return { logout, sending, error };
}
