//! `/my-account/` (login and register, or the dashboard) and, through the chunks the page
//! loaded with this view (account-parts.ts, page-views.ts `loadPageView`), every other account page: the account
//! area (account-area.tsx) and the payment-method pages (payment-methods-wiring.tsx). The most
//! visited account page, the login, so brings neither TanStack Query nor the payments client
//! (ADR 0029). A chunk of its own.

import { AccountPage } from '@/features/account';
import { onDemand } from '@/components/on-demand';
import type { AccountPageData } from '@/lib/api/types';
import { accountAreaView, paymentMethodsView } from './account-parts';

const AccountAreaView = onDemand(accountAreaView, (View) => View);
const PaymentMethodsView = onDemand(paymentMethodsView, (View) => View);

export function AccountRoute({ page }: { page: AccountPageData }) {
  const { view } = page;
  if (view.kind === 'payment_methods' || view.kind === 'add_payment_method') return <PaymentMethodsView kind={view.kind} />;
  if (view.kind === 'dashboard') return <AccountPage />;
  return <AccountAreaView page={page} />;
}
