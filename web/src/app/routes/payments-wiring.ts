//! The payments feature as the checkout pages take it: the provider's browser client for the
//! shop's configuration and the test provider's card fields.

import { CardFields, paymentsClientFor } from '@/features/payments';
import type { CheckoutPayments } from './checkout-routes';

export const checkoutPayments: CheckoutPayments = {
  paymentsFor: (config) => paymentsClientFor(config),
  CardFields,
};
