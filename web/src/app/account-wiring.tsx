//! Where the account meets the rest of the app on every page: editing rights and the
//! nonce-carrying client for content blocks (with the reduced-motion note for editors), and the
//! toolbar and coming-soon banner at the top of the frame. The `/my-account/…` pages are
//! routes/account-route.tsx (a chunk of their own).

import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { AccountBars, HeaderAccount, useAccount } from '@/features/account';
import { EditingProvider, useReducedMotionNote } from '@/features/editing';
import { usePageCache } from './page-cache';

/**
 * Blocks are editable for accounts with `edit_pages`; saves mark every cached page stale. So do
 * logging in and out: in coming-soon mode the server answers pages by who asks.
 */
export function AccountEditing({ children }: { children: ReactNode }) {
  const { status, account, client } = useAccount();
  const pages = usePageCache();
  const canEdit = account?.capabilities.edit_pages ?? false;
  useReducedMotionNote(canEdit);
  const onSaved = useCallback(() => pages.invalidate(), [pages]);

  const accountId = account?.id ?? null;
  const seen = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (status === 'loading') return;
    if (seen.current !== undefined && seen.current !== accountId) pages.invalidate();
    seen.current = accountId;
  }, [status, accountId, pages]);

  return (
    <EditingProvider canEdit={canEdit} client={client} onSaved={onSaved}>
      {children}
    </EditingProvider>
  );
}

export { AccountBars, HeaderAccount };
