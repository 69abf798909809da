//! The checkout, order and payment calls of the API client (ADR 0014). They go through the
//! account's request (auth.ts): a signed-in shopper's nonce travels with each (spec §6), a
//! guest's calls carry none.

import { IDEMPOTENCY_KEY_HEADER } from './idempotency';
import type { Http } from './http';
import type {
  CheckoutPaymentRequest,
  CheckoutPaymentResponse,
  CheckoutView,
  CountryOptionView,
  OrderPayRequest,
  OrderPayResponse,
  OrderView,
  PaymentConfigView,
  PlaceOrderRequest,
  PlaceOrderResponse,
  ReviewRequest,
} from './types';

export interface CheckoutApi {
  /** GET /checkout/countries: the countries the shop sells to, with their address rules. */
  countries(signal?: AbortSignal): Promise<CountryOptionView[]>;
  /** GET /checkout: the session's cart priced for the shopper, shipping, tax, terms, payment config. */
  get(signal?: AbortSignal): Promise<CheckoutView>;
  /** POST /checkout/review: the same totals for a destination and shipping choice (no order). */
  review(body: ReviewRequest, signal?: AbortSignal): Promise<CheckoutView>;
  /** POST /checkout: places and pays the order; `idempotencyKey` is the attempt's, kept for its retries. */
  place(body: PlaceOrderRequest, idempotencyKey: string): Promise<PlaceOrderResponse>;
  /** POST /checkout/payment: settles the order after 3-D Secure. */
  payment(body: CheckoutPaymentRequest): Promise<CheckoutPaymentResponse>;
  /** GET /payments/config: the provider's browser configuration (the order-pay page). */
  paymentConfig(signal?: AbortSignal): Promise<PaymentConfigView>;
}

export interface OrdersApi {
  /** GET /orders/{id}?key=: the order for whoever holds its key. */
  get(id: number, key: string, signal?: AbortSignal): Promise<OrderView>;
  /**
   * POST /orders/{id}/pay: pays an unpaid or failed order (the order-pay page); `idempotencyKey`
   * is the press's, kept for its retries (a new press asks the bank again).
   */
  pay(id: number, body: OrderPayRequest, idempotencyKey: string): Promise<OrderPayResponse>;
}

/**
 * `onSignUp`: after a checkout with "Create an account?" (whatever its outcome, as the account
 * may have been opened before the card was refused) the session is asked again, so the next
 * calls carry the new login's nonce.
 */
export function createCheckoutApi(request: Http, onSignUp: () => Promise<unknown> = () => Promise.resolve()): { checkout: CheckoutApi; orders: OrdersApi } {
  return {
    checkout: {
      countries: (signal) => request('GET', '/api/v1/checkout/countries', { signal }),
      get: (signal) => request('GET', '/api/v1/checkout', { signal }),
      review: (body, signal) => request('POST', '/api/v1/checkout/review', { body, signal }),
      async place(body, idempotencyKey) {
        const placing = request('POST', '/api/v1/checkout', { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
        if (!body.create_account) return placing;
        try {
          return await placing;
        } finally {
          await onSignUp().catch(() => undefined);
        }
      },
      payment: (body) => request('POST', '/api/v1/checkout/payment', { body }),
      paymentConfig: (signal) => request('GET', '/api/v1/payments/config', { signal }),
    },
    orders: {
      get: (id, key, signal) => request('GET', '/api/v1/orders/{id}', { path: { id }, query: { key }, signal }),
      pay: (id, body, idempotencyKey) => request('POST', '/api/v1/orders/{id}/pay', { path: { id }, body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
    },
  };
}
