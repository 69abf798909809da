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

/** The card fields' report: the card once every field is complete, else null. */
export interface CardFieldsValue {
  card: CardInput | null;
}

/** A card field's message (from the provider error's `param`). */
export interface CardFieldErrors {
  number?: string;
  expiry?: string;
  cvc?: string;
}

export interface CardFieldsProps {
  onChange(value: CardFieldsValue): void;
  errors?: CardFieldErrors;
  disabled?: boolean;
}

export type CardFieldsComponent = ComponentType<CardFieldsProps>;

export interface BillingDetails {
  name: string;
  email: string;
}

export type PaymentMethodResult =
  | { id: string; card: { brand: string; last4: string } }
  /** `param`: the card field at fault (`number`, `exp_month`, `exp_year`, `cvc`), when known. */
  | { error: { code: string; message: string; param?: string } };

/** Stripe's shape of a redirect next action (the challenge page and where to come back). */
export interface RedirectNextAction {
  type: 'redirect_to_url';
  redirect_to_url: { url: string; return_url: string };
}

export interface PaymentsPort {
  /** Sends the card to the provider (never to the shop) and answers its payment method id. */
  createPaymentMethod(card: CardInput, billing: BillingDetails): Promise<PaymentMethodResult>;
  /** Takes the shopper to the challenge page; they come back on `return_url`. */
  handleNextAction(next: RedirectNextAction): Promise<void>;
}
