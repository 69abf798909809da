//! The checkout, order-received and order-pay pages as page views (one chunk), with the
//! payments feature's client and card fields.

import { CheckoutRoute, OrderPayRoute, OrderReceivedRoute } from './checkout-routes';
import { checkoutPayments } from './payments-wiring';

export const CheckoutView = () => <CheckoutRoute payments={checkoutPayments} />;
export const OrderReceivedView = () => <OrderReceivedRoute />;
export const OrderPayView = () => <OrderPayRoute payments={checkoutPayments} />;
