//! Checkout steps as window events, so tracking (wired by the app) can follow them without the
//! checkout importing it: `window.addEventListener(CHECKOUT_STEP_EVENT, (e) => e.detail)`.
//! InitiateCheckout once when the page opens with a non-empty cart; AddPaymentInfo once when
//! the card is first complete.

import type { CartView } from '@/lib/api/types';

export const CHECKOUT_STEP_EVENT = 'vitrine:checkout-step';

export type CheckoutStep = 'initiate_checkout' | 'add_payment_info';

export interface CheckoutStepDetail {
  step: CheckoutStep;
  /** The cart as the checkout priced it (the shopper's currency). */
  cart: CartView;
  /** AddPaymentInfo: how the shopper pays ("card"). */
  paymentType?: string;
}

/** Dispatched once per step per page; never throws (a listener's error stays its own). */
export function dispatchCheckoutStep(detail: CheckoutStepDetail, target: EventTarget | undefined = globalThis.window): void {
  if (!target || typeof CustomEvent === 'undefined') return;
  try {
    target.dispatchEvent(new CustomEvent<CheckoutStepDetail>(CHECKOUT_STEP_EVENT, { detail }));
  } catch (error) {
    console.error('checkout: a checkout-step listener failed', error);
  }
}
