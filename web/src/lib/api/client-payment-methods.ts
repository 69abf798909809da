//! Saved cards (issue 15): the account's payment methods and the SetupIntent that adds one.
//! Every call is the signed-in account's and goes through the account's request (auth.ts),
//! so the REST nonce travels with it (spec §6).

import type { Http } from './http';
import type { FinishSetupRequest, SavedMethodView, SetupIntentRequest, SetupIntentResponse } from './types';

export interface PaymentMethodsApi {
  /** GET /account/payment-methods: the account's saved cards, oldest first. */
  list(signal?: AbortSignal): Promise<SavedMethodView[]>;
  /** POST /payments/setup-intent (spec §7 setup_intent): saved at once, or a challenge to go through. */
  setupIntent(body: SetupIntentRequest): Promise<SetupIntentResponse>;
  /** POST /account/payment-methods: keeps the card of a setup that passed 3-D Secure. */
  finishSetup(body: FinishSetupRequest): Promise<SavedMethodView>;
  /** DELETE /account/payment-methods/{id} (sent as POST with the method override). */
  remove(id: string): Promise<void>;
  /** POST /account/payment-methods/{id}/default: the account's cards after the change. */
  makeDefault(id: string): Promise<SavedMethodView[]>;
}

export function createPaymentMethodsApi(request: Http): { paymentMethods: PaymentMethodsApi } {
  return {
    paymentMethods: {
      list: async (signal) => (await request('GET', '/api/v1/account/payment-methods', { signal })).methods,
      setupIntent: (body) => request('POST', '/api/v1/payments/setup-intent', { body }),
      finishSetup: async (body) => (await request('POST', '/api/v1/account/payment-methods', { body })).method,
      remove: async (id) => {
        await request('DELETE', '/api/v1/account/payment-methods/{id}', { path: { id } });
      },
      makeDefault: async (id) => (await request('POST', '/api/v1/account/payment-methods/{id}/default', { path: { id } })).methods,
    },
  };
}
