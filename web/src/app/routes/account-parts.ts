//! The account pages beyond `/my-account/` (login or dashboard) are chunks of their own, loaded
//! with the page (page-views.ts) and rendered by the account view (account-route.tsx): the
//! account area's pages with TanStack Query (account-area.tsx), and the payment-method pages
//! with the payments client (payment-methods-wiring.tsx). ADR 0029.

import { chunk, type Chunk } from '@/lib/chunks';
import type { AccountPageView } from '@/lib/api/types';

export const accountAreaView = chunk(() => import('./account-area').then((m) => m.AccountArea));
export const paymentMethodsView = chunk(() => import('../payment-methods-wiring').then((m) => m.PaymentMethodsRoute));

/** The chunk an account page renders besides the account view (none for the login and dashboard). */
export function accountParts(view: AccountPageView): Chunk<unknown>[] {
  if (view.kind === 'payment_methods' || view.kind === 'add_payment_method') return [paymentMethodsView];
  return view.kind === 'dashboard' ? [] : [accountAreaView];
}
