//! What the saved-card pages need of the payments feature (features/payments) and the API.
//! Features never import each other: the app hands these in; the types are structural.

import type { PaymentMethodsApi } from '@/lib/api/client';

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface CardFieldsProps {
  onChange(value: { card: CardInput | null }): void;
  errors?: { number?: string; expiry?: string; cvc?: string };
  disabled?: boolean;
}

export type PaymentMethodResult = { id: string } | { error: { code: string; message: string; param?: string } };

export interface SetupPayments {
  /** Sends the card to the provider (never to the shop) and answers its payment method id. */
  createPaymentMethod(card: CardInput, billing: { name?: string; email?: string }): Promise<PaymentMethodResult>;
  /** Takes the shopper to the challenge page; they come back on `return_url`. */
  handleNextAction(next: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } }): Promise<void>;
}

export interface PaymentMethodsDeps {
  api: PaymentMethodsApi;
  navigate(url: string): void;
}
