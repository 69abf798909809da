//! The payments feature's public face (ADR 0014): one client interface for the offline test
//! provider and Stripe, chosen from the shop's browser config, and the test provider's card
//! fields.

export { CardFields, type CardFieldsProps, type CardFieldsValue } from './card-fields';
export { paymentsClientFor, TEST_PROVIDER_API_BASE } from './payments-client';
export type {
  BillingDetails,
  BrowserConfig,
  CardDetails,
  CardSummary,
  CreatePaymentMethodResult,
  NextAction,
  PaymentError,
  PaymentsClient,
} from './types';
