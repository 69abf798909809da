//! The payments feature's shapes: what the browser needs to know about the shop's provider
//! (`BrowserConfig`, from `GET /api/v1/payments/config`), a card as typed, and one interface
//! for both providers so the checkout never asks which one it has.

/** `vitrine_domain::payment::BrowserConfig`. */
export interface BrowserConfig {
  /** "test" (the offline test provider) or "stripe". */
  provider: string;
  publishable_key: string;
  /** Where the browser sends cards for the test provider; null for Stripe. */
  api_base?: string | null;
  livemode: boolean;
}

/** A card as the shopper typed it (test provider only: Stripe collects cards itself). */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface BillingDetails {
  name?: string;
  email?: string;
}

export interface CardSummary {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** A refusal the shopper can act on: Stripe's code and message, shown as they come. */
export interface PaymentError {
  code: string;
  message: string;
  /** The card field at fault (`number`, `exp_month`, `exp_year`, `cvc`), when known. */
  param?: string;
}

export type CreatePaymentMethodResult = { id: string; card: CardSummary } | { error: PaymentError };

/** `next_action` of a checkout answer (ADR 0014): a 3-D Secure challenge to go through. */
export type NextAction =
  | { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url?: string | null } }
  | { type: 'use_stripe_sdk'; client_secret?: string; use_stripe_sdk?: unknown }
  | { type: string; [key: string]: unknown };

export interface PaymentsClient {
  /** Turns the card into a `pm_…` id for the checkout; the card goes to the provider only. */
  createPaymentMethod(card: CardDetails, billing: BillingDetails): Promise<CreatePaymentMethodResult>;
  /** Takes the shopper through the next action (for a redirect: the whole window goes). */
  handleNextAction(nextAction: NextAction): Promise<void>;
}

/** How a client leaves the page; injectable for tests. */
export type Navigate = (url: string) => void;

export const navigateWindow: Navigate = (url) => window.location.assign(url);
