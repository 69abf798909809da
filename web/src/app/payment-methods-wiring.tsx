//! Where saved cards meet the rest of the app: the account page's login gate around the
//! payment methods table and the add / change page, with the payments feature's client and
//! card fields for the provider's SetupIntent flow (features never import each other). A chunk of
//! its own, with the tab's query client (lib/query.tsx), loaded with those pages (routes/page-views.ts).

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { AccountLayout, AccountPage } from '@/features/account';
import { CardFields, paymentsClientFor } from '@/features/payments';
import { AddPaymentMethodPage, PaymentMethodsPage } from '@/features/payment-methods';
import { api } from '@/lib/api/client';
import { QueryScope } from '@/lib/query';
import type { AccountView } from '@/lib/api/types';

const leave = (url: string) => window.location.assign(url);

function AddPage({ account }: { account: AccountView }) {
  const config = useQuery({ queryKey: ['payments', 'config'], queryFn: ({ signal }) => api.checkout.paymentConfig(signal), staleTime: Infinity, retry: false });
  const payments = useMemo(() => (config.data ? paymentsClientFor(config.data) : null), [config.data]);
  return <AddPaymentMethodPage account={account} payments={payments} CardFields={CardFields} api={api.paymentMethods} navigate={leave} />;
}

/** The page's title: "Change payment method" when `?replace=` names the card to replace. */
function addTitle(kind: 'payment_methods' | 'add_payment_method'): string {
  if (kind === 'payment_methods') return 'Payment methods';
  return new URLSearchParams(window.location.search).has('replace') ? 'Change payment method' : 'Add payment method';
}

/** `/my-account/payment-methods/` and `/my-account/add-payment-method/`, behind the login. */
export function PaymentMethodsRoute({ kind }: { kind: 'payment_methods' | 'add_payment_method' }) {
  return (
    <QueryScope>
      <PaymentMethodsPages kind={kind} />
    </QueryScope>
  );
}

function PaymentMethodsPages({ kind }: { kind: 'payment_methods' | 'add_payment_method' }) {
  return (
    <AccountPage>
      {(account) => (
        <AccountLayout current="payment-methods" title={addTitle(kind)}>
          {kind === 'payment_methods' ? <PaymentMethodsPage api={api.paymentMethods} /> : <AddPage account={account} />}
        </AccountLayout>
      )}
    </AccountPage>
  );
}
