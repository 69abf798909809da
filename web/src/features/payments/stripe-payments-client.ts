//! Stripe's client: Stripe.js loaded from js.stripe.com (its terms require that origin, and it
//! keeps card numbers inside Stripe's own fields, so the shop stays out of PCI scope). Stripe
//! takes cards only from its Elements, never from our inputs: `createPaymentMethod` needs the
//! card Element the checkout mounted (`attachCardElement`). Not exercisable offline; the
//! loading and the calls are tested against a stand-in `window.Stripe`.

import { navigateWindow, type Navigate, type PaymentsClient } from './types';

export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

/** The part of Stripe.js this client calls. */
export interface StripeJs {
  createPaymentMethod(options: {
    type: 'card';
    card: unknown;
    billing_details?: { name?: string; email?: string };
  }): Promise<{
    paymentMethod?: { id: string; card?: { brand: string; last4: string; exp_month: number; exp_year: number } };
    error?: { code?: string; message?: string; param?: string };
  }>;
  handleNextAction(options: { clientSecret: string }): Promise<{ error?: { message?: string } }>;
}

type StripeFactory = (publishableKey: string) => StripeJs;

let loading: Promise<StripeFactory> | null = null;

/** Adds Stripe.js once per page and resolves with `window.Stripe`. */
export function loadStripeJs(doc: Document = document): Promise<StripeFactory> {
  const existing = (window as unknown as { Stripe?: StripeFactory }).Stripe;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('payments: Stripe.js loaded without window.Stripe'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('payments: Stripe.js could not be loaded'));
    };
    doc.head.appendChild(script);
  });
  return loading;
}

export interface StripePaymentsClient extends PaymentsClient {
  /** The card Element the checkout mounted: Stripe reads the card from it, not from us. */
  attachCardElement(element: unknown): void;
}

export function createStripePaymentsClient(
  publishableKey: string,
  { load = loadStripeJs, navigate = navigateWindow }: { load?: () => Promise<StripeFactory>; navigate?: Navigate } = {},
): StripePaymentsClient {
  let stripe: Promise<StripeJs> | null = null;
  let cardElement: unknown = null;
  const ready = () => (stripe ??= load().then((factory) => factory(publishableKey)));

  return {
    attachCardElement(element) {
      cardElement = element;
    },

    async createPaymentMethod(_card, billing) {
      if (!cardElement) {
        return { error: { code: 'incomplete_card', message: 'Enter your card details.' } };
      }
      const result = await (await ready()).createPaymentMethod({ type: 'card', card: cardElement, billing_details: billing });
      if (result.error || !result.paymentMethod?.card) {
        return {
          error: {
            code: result.error?.code ?? 'card_error',
            message: result.error?.message ?? 'Your card was declined.',
            param: result.error?.param,
          },
        };
      }
      return { id: result.paymentMethod.id, card: result.paymentMethod.card };
    },

    async handleNextAction(nextAction) {
      if (nextAction.type === 'redirect_to_url') {
        const { url } = (nextAction as { redirect_to_url: { url: string } }).redirect_to_url;
        navigate(url);
        return;
      }
      const clientSecret = (nextAction as { client_secret?: unknown }).client_secret;
      if (typeof clientSecret !== 'string') throw new Error('payments: a next action needs its client secret');
      const result = await (await ready()).handleNextAction({ clientSecret });
      if (result.error) throw new Error(result.error.message ?? 'Authentication failed.');
    },
  };
}
