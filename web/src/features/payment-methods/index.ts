//! Saved cards (issue 15): the payment methods table (`/my-account/payment-methods/`) and the
//! add / change page (`/my-account/add-payment-method/`) through the provider's SetupIntent.

import './payment-methods.css';

export { PaymentMethodsPage, PAYMENT_METHODS_QUERY_KEY } from './components/payment-methods-page';
export { AddPaymentMethodPage, type AddPaymentMethodPageProps } from './components/add-payment-method-page';
export { setupReturnFrom, type SetupReturn } from './setup-return';
export { messages as paymentMethodsMessages, PAYMENT_METHODS_PATH, ADD_PAYMENT_METHOD_PATH } from './messages';
export type { CardFieldsProps, SetupPayments } from './ports';
