//! Where the account meets the rest of the app: editing rights and the nonce-carrying client
//! for content blocks (with the reduced-motion note for editors), the toolbar and coming-soon
//! banner at the top of the frame, and the `/my-account/…` pages.

import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  AccountLayout,
  AccountPage,
  AddressesPage,
  AdminBar,
  ComingSoonBanner,
  DownloadsPage,
  EditAccountForm,
  EditAddressPage,
  HeaderAccount,
  LostPasswordPage,
  OrdersPage,
  useAccount,
  ViewOrderPage,
  type AddressFormPort,
} from '@/features/account';
import { AddressFields, emptyAddress, normaliseAddress, validateAddress } from '@/features/checkout';
import { BlockEditorPage, EditingProvider, useReducedMotionNote } from '@/features/editing';
import { formatOrderDate, OrderSections } from '@/features/orders';
import type { AccountPageData, OrderView } from '@/lib/api/types';
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

export { HeaderAccount };

/** The account area's address forms: the checkout's fields and checks. */
const ADDRESS_FORM: AddressFormPort = { Fields: AddressFields, validate: validateAddress, normalise: normaliseAddress, empty: emptyAddress };

function OrderBody({ order }: { order: OrderView }) {
  const { client } = useAccount();
  return <OrderSections order={order} client={client} formatDate={(iso) => formatOrderDate(iso)} />;
}

/**
 * `/my-account/` (login and register, or dashboard), `/my-account/lost-password/`,
 * `/my-account/edit-account/` (Account details), `/my-account/blocks/{slug}/` (the block editor) and the
 * account area's pages (orders, an order, downloads, addresses): each behind the login form.
 */
export function AccountRoute({ page }: { page: AccountPageData }) {
  const { view } = page;
  if (view.kind === 'payment_methods' || view.kind === 'add_payment_method') return <PaymentMethodsRoute kind={view.kind} />;
  switch (view.kind) {
    case 'block_editor':
      return (
        <AccountPage loginNotice={BLOCK_EDITOR_LOGIN_NOTICE} register={false}>
          {() => <BlockEditorPage slug={view.slug} />}
        </AccountPage>
      );
    case 'lost_password':
      return <LostPasswordPage />;
    case 'edit_account':
      return (
        <AccountPage>
          {(account) => (
            <AccountLayout current="edit-account" title="Account details">
              <EditAccountForm key={account.id} account={account} />
            </AccountLayout>
          )}
        </AccountPage>
      );
    case 'orders':
      return <AccountPage>{() => <OrdersPage page={view.page} />}</AccountPage>;
    case 'view_order':
      return <AccountPage>{() => <ViewOrderPage orderId={view.order_id} renderOrder={(order) => <OrderBody order={order} />} />}</AccountPage>;
    case 'downloads':
      return <AccountPage>{() => <DownloadsPage />}</AccountPage>;
    case 'addresses':
      return <AccountPage>{() => <AddressesPage />}</AccountPage>;
    case 'edit_address':
      return <AccountPage>{() => <EditAddressPage key={view.address} kind={view.address} form={ADDRESS_FORM} />}</AccountPage>;
    default:
      return <AccountPage />;
  }
}
