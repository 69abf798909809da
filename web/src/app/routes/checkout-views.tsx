//! The checkout, order-received and order-pay pages as page views (one chunk), with the
//! payments feature's client and card fields, and the tab's query client (lib/query.tsx).

import { QueryScope } from '@/lib/query';
import { CheckoutRoute, OrderPayRoute, OrderReceivedRoute } from './checkout-routes';
import { checkoutPayments } from './payments-wiring';

export const CheckoutView = () => (
  <QueryScope>
    <CheckoutRoute payments={checkoutPayments} />
  </QueryScope>
);
export const OrderReceivedView = () => (
  <QueryScope>
    <OrderReceivedRoute />
  </QueryScope>
);
export const OrderPayView = () => (
  <QueryScope>
    <OrderPayRoute payments={checkoutPayments} />
  </QueryScope>
);
