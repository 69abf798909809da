//! Where the account meets the rest of the app: editing rights and the nonce-carrying client
//! for content blocks (with the reduced-motion note for editors), the toolbar and coming-soon
//! banner at the top of the frame, and the `/my-account/…` pages.

import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AccountPage, AdminBar, ComingSoonBanner, useAccount } from '@/features/account';
import { BlockEditorPage, EditingProvider, useReducedMotionNote } from '@/features/editing';
import type { AccountPageData } from '@/lib/api/types';
import { PaymentMethodsRoute } from './payment-methods-wiring';

export const BLOCK_EDITOR_LOGIN_NOTICE = 'Log in to edit this block.';

const PAGES_KEY = ['page'] as const;

/**
 * Blocks are editable for accounts with `edit_pages`; saves mark every cached page stale. So do
 * logging in and out: in coming-soon mode the server answers pages by who asks.
 */
export function AccountEditing({ children }: { children: ReactNode }) {
  const { status, account, client } = useAccount();
  const queryClient = useQueryClient();
  const canEdit = account?.capabilities.edit_pages ?? false;
  useReducedMotionNote(canEdit);
  const onSaved = useCallback(() => void queryClient.invalidateQueries({ queryKey: PAGES_KEY }), [queryClient]);

  const accountId = account?.id ?? null;
  const seen = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (status === 'loading') return;
    if (seen.current !== undefined && seen.current !== accountId) void queryClient.invalidateQueries({ queryKey: PAGES_KEY });
    seen.current = accountId;
  }, [status, accountId, queryClient]);

  return (
    <EditingProvider canEdit={canEdit} client={client} onSaved={onSaved}>
      {children}
    </EditingProvider>
  );
}

/** The top of the frame for logged-in users; nothing (no space either) for visitors. */
export function AccountBars({ siteName, onFocusLost }: { siteName: string; onFocusLost: () => void }) {
  return (
    <>
      <AdminBar siteName={siteName} onFocusLost={onFocusLost} />
      <ComingSoonBanner onDismiss={onFocusLost} />
    </>
  );
}

/** `/my-account/` (login or dashboard) and `/my-account/blocks/{slug}/` (the block editor). */
export function AccountRoute({ page }: { page: AccountPageData }) {
  const { view } = page;
  if (view.kind === 'payment_methods' || view.kind === 'add_payment_method') return <PaymentMethodsRoute kind={view.kind} />;
  if (view.kind === 'block_editor') {
    return <AccountPage loginNotice={BLOCK_EDITOR_LOGIN_NOTICE}>{() => <BlockEditorPage slug={view.slug} />}</AccountPage>;
  }
  return <AccountPage />;
}
