//! English copy for saved cards (WooCommerce's wording; names in docs/ui-contract-additions.md).

export const messages = {
  paymentMethods: 'Payment methods',
  addPaymentMethod: 'Add payment method',
  changePaymentMethod: 'Change payment method',
  method: 'Method',
  expires: 'Expires',
  actions: 'Actions',
  delete: 'Delete',
  makeDefault: 'Make default',
  change: 'Change',
  defaultMethod: 'Default',
  noMethods: 'No saved methods found.',
  loading: 'Loading your payment methods…',
  loadFailed: 'Your payment methods could not be loaded.',
  added: 'Payment method successfully added.',
  changed: 'Payment method successfully changed.',
  deleted: 'Payment method deleted.',
  madeDefault: 'This payment method was successfully set as your default.',
  cardDetails: 'Credit / Debit Card',
  cardIncomplete: 'Your card number is incomplete.',
  saving: 'Saving your payment method…',
  confirming: 'Confirming your payment method…',
  unableToAdd: 'Unable to add payment method to your account.',
  backToList: 'Back to payment methods',
  /** Accessible names of a row's buttons, naming the card. */
  deleteNamed: (name: string) => `Delete ${name}`,
  makeDefaultNamed: (name: string) => `Make ${name} the default`,
  changeNamed: (name: string) => `Change ${name}`,
} as const;

/** Where the add page sends the shopper back, and which notice the list shows then. */
export const PAYMENT_METHODS_PATH = '/my-account/payment-methods/';
export const ADD_PAYMENT_METHOD_PATH = '/my-account/add-payment-method/';
export const NOTICE_PARAM = 'notice';
export const REPLACE_PARAM = 'replace';
