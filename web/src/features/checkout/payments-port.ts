//! What the checkout needs of the payments feature (features/payments: `PaymentsClient`,
//! `CardFields`). Features never import each other, so the app hands these in; the types here
//! are structural, and the payments feature's own fit them as they are.

import type { ComponentType } from 'react';

/** What the card fields report: the card once every field is complete, else null. */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface CardFieldsProps {
  onChange(card: CardInput | null): void;
  disabled?: boolean;
}

export type CardFieldsComponent = ComponentType<CardFieldsProps>;

export interface BillingDetails {
  name: string;
  email: string;
}

export type PaymentMethodResult = { id: string; card: { brand: string; last4: string } } | { error: { code: string; message: string } };

export interface RedirectNextAction {
  type: 'redirect_to_url';
  url: string;
  return_url: string;
}

export interface PaymentsPort {
  /** Sends the card to the provider (never to the shop) and answers its payment method id. */
  createPaymentMethod(card: CardInput, billing: BillingDetails): Promise<PaymentMethodResult>;
  /** Takes the shopper to the challenge page; they come back on `return_url`. */
  handleNextAction(next: RedirectNextAction): Promise<void>;
}
