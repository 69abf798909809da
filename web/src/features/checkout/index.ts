//! The checkout feature's public face: the checkout page, the order-pay form, the payments
//! port the app fills with the payments feature, and the checkout steps tracking follows.

export { CheckoutPage, type CheckoutPageProps } from './components/checkout-page';
export { OrderPayForm, type OrderPayFormProps } from './components/order-pay-form';
export { CHECKOUT_STEP_EVENT, dispatchCheckoutStep, type CheckoutStep, type CheckoutStepDetail } from './checkout-events';
export { returnDataFromSearch, returnDataFromHash, type PaymentReturnData } from './return-data';
export type { BillingDetails, CardFieldsComponent, CardFieldsProps, CardInput, PaymentsPort } from './payments-port';
export { CHECKOUT_PATH, CHECKOUT_FIELDS_KEY } from './constants';
export { NO_ATTRIBUTION } from './wire';
// The account area's address forms use the checkout's fields and checks (wired in app/).
export { AddressFields, type AddressFieldsProps } from './components/address-fields';
export { emptyAddress } from './address';
export { normaliseAddress, validateAddress } from './validation';
