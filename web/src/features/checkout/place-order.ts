//! One checkout attempt, as spec §4 "Provider payment" runs it: the card becomes a payment
//! method (the token) at the provider, the order is placed with it under one Idempotency-Key,
//! then the shopper goes to the order-received page or through 3-D Secure. A checkout error
//! (the server refused) resets the token and the key: the next press is a new attempt with a
//! new payment method. A failure with no refusal (offline, a 5xx) leaves the outcome unknown,
//! so the next press repeats the same attempt — same key, same token — and the server answers
//! what it stored instead of placing a second order.

import { ApiError, statusTextOf, type CheckoutApi } from '@/lib/api/client';
import type { CheckoutPaymentResponse, NextActionView, PlaceOrderRequest } from '@/lib/api/types';
import { messages } from './messages';
import type { BillingDetails, CardInput, PaymentsPort } from './payments-port';

export type Outcome =
  | { kind: 'redirect'; url: string }
  /** The shopper is on their way to the challenge page. */
  | { kind: 'next_action' }
  /**
   * `field`: the form's field at fault; `param`: the card field the provider named; `payUrl`:
   * a declined order's order-pay page, to pay it later (WooCommerce's "Pay" link).
   */
  | { kind: 'error'; messages: string[]; field?: string; param?: string; payUrl?: string };

export type OrderBody = Omit<PlaceOrderRequest, 'payment_method_id'>;

/** How the shopper pays: a saved card's id (issue 15), or null for the card typed. */
export type SavedChoice = string | null;

export interface AttemptDeps {
  checkout: Pick<CheckoutApi, 'place'>;
  payments: PaymentsPort;
  /** A fresh Idempotency-Key (crypto.randomUUID in the browser). */
  newKey?: () => string;
}

function failure(error: unknown, fallback: string): Outcome {
  if (error instanceof ApiError) {
    // Spec §8: a checkout HTTP failure shows its status text; a refusal its message.
    const refusal = !error.transport && error.status >= 400 && error.status < 500;
    const payUrl = refusal && error.payUrl?.startsWith('/') ? error.payUrl : undefined;
    return { kind: 'error', messages: [refusal ? error.message : statusTextOf(error)], field: refusal ? error.field : undefined, ...(payUrl ? { payUrl } : {}) };
  }
  return { kind: 'error', messages: [fallback] };
}

/** Whether the server refused (its answer is known): the attempt is over. */
function refused(error: unknown): boolean {
  return error instanceof ApiError && !error.transport && error.status >= 400 && error.status < 500;
}

/** Hands a next action to the provider's client; an action it cannot follow is an error. */
export async function followNextAction(payments: PaymentsPort, next: NextActionView): Promise<Outcome> {
  if (!next.redirect_url) return { kind: 'error', messages: [messages.genericError] };
  try {
    await payments.handleNextAction({ type: 'redirect_to_url', redirect_to_url: { url: next.redirect_url, return_url: next.return_url } });
  } catch (error) {
    // The provider's client refused the action (another site's page): the order stays unpaid.
    console.error('checkout: the next action could not be followed', error);
    return { kind: 'error', messages: [messages.genericError] };
  }
  return { kind: 'next_action' };
}

export interface Attempt {
  /** `saved`: a saved card's id; `needsPayment` false: a free order, placed without a card (no payment method). */
  place(body: OrderBody, card: CardInput | null, billing: BillingDetails, saved?: SavedChoice, needsPayment?: boolean): Promise<Outcome>;
  /** The card changed: its payment method no longer stands for it. */
  resetToken(): void;
  /** Tests and diagnostics: the token and key the next press would use. */
  state(): { token: string | null; key: string | null };
}

export function createAttempt({ checkout, payments, newKey = () => crypto.randomUUID() }: AttemptDeps): Attempt {
  let token: string | null = null;
  let key: string | null = null;
  const reset = () => {
    token = null;
    key = null;
  };

  return {
    async place(body, card, billing, saved = null, needsPayment = true) {
      if (!needsPayment) {
        token = null;
        key ??= newKey();
        let answer;
        try {
          answer = await checkout.place({ ...body, payment_method_id: '' }, key);
        } catch (error) {
          if (refused(error)) reset();
          return failure(error, messages.genericError);
        }
        reset();
        return answer.redirect ? { kind: 'redirect', url: answer.redirect } : { kind: 'error', messages: [messages.genericError] };
      }
      // A saved card is its own token (spec §4: a saved method selected shows Place order).
      if (saved && token !== saved) {
        token = saved;
        key = null;
      }
      if (!token) {
        if (!card) return { kind: 'error', messages: [messages.cardIncomplete], field: 'card' };
        let method;
        try {
          method = await payments.createPaymentMethod(card, billing);
        } catch (error) {
          return failure(error, messages.genericError);
        }
        if ('error' in method) return { kind: 'error', messages: [method.error.message], field: 'card', param: method.error.param };
        token = method.id;
        key = null;
      }
      key ??= newKey();
      let answer;
      try {
        answer = await checkout.place({ ...body, payment_method_id: token, use_saved_method: saved !== null && token === saved }, key);
      } catch (error) {
        if (refused(error)) reset();
        return failure(error, messages.genericError);
      }
      // The order exists now: whatever follows, the next press starts a new attempt.
      reset();
      if (answer.redirect) return { kind: 'redirect', url: answer.redirect };
      if (answer.next_action) return followNextAction(payments, answer.next_action);
      return { kind: 'error', messages: [messages.genericError] };
    },
    resetToken: reset,
    state: () => ({ token, key }),
  };
}

/** After 3-D Secure (`#response=`): settle the order; the order-received page, or why not. */
export async function confirmPayment(checkout: Pick<CheckoutApi, 'payment'>, orderId: number, orderKey: string): Promise<Outcome> {
  let answer: CheckoutPaymentResponse;
  try {
    answer = await checkout.payment({ order_id: orderId, order_key: orderKey });
  } catch (error) {
    return failure(error, messages.genericError);
  }
  return answer.redirect ? { kind: 'redirect', url: answer.redirect } : { kind: 'error', messages: [messages.genericError] };
}

/** Where a provider's `param` shows under the card fields. */
export function cardFieldOf(param: string | undefined): 'number' | 'expiry' | 'cvc' | undefined {
  if (param === 'number') return 'number';
  if (param === 'exp_month' || param === 'exp_year') return 'expiry';
  if (param === 'cvc') return 'cvc';
  return undefined;
}
