//! The offline test payment provider's card endpoint (`/_test_provider/v1`, ADR 0014): where
//! Stripe's servers would stand, so it is not in the shop's OpenAPI document and answers
//! Stripe's shapes (`{error: {type, code, message, param}}`) instead of the shop's envelope.
//! Mounted only when the shop runs the test provider; the base comes from its browser config.

import { isAbort, transportError } from './errors';

export interface TestCardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export interface TestBillingDetails {
  name?: string;
  email?: string;
}

/** What a payment method keeps of a card: never the number. */
export interface TestCardSummary {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface TestPaymentMethod {
  id: string;
  card: TestCardSummary;
}

/** Stripe's error object: `code` says what (`incorrect_number`), `param` which field. */
export interface TestProviderError {
  type: string;
  code: string;
  message: string;
  param?: string;
}

export type TestPaymentMethodAnswer = { paymentMethod: TestPaymentMethod } | { error: TestProviderError };

export interface TestProviderOptions {
  /** Default: the global fetch, looked up at call time (tests stub it). */
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

function readError(json: unknown): TestProviderError | null {
  const error = (json as { error?: Record<string, unknown> } | null)?.error;
  if (typeof error !== 'object' || error === null) return null;
  if (typeof error.message !== 'string') return null;
  return {
    type: typeof error.type === 'string' ? error.type : 'api_error',
    code: typeof error.code === 'string' ? error.code : 'unknown_error',
    message: error.message,
    param: typeof error.param === 'string' ? error.param : undefined,
  };
}

/**
 * POST `{apiBase}/payment_methods`: the card as typed, checked by the test provider (Luhn,
 * expiry, CVC). A refusal with Stripe's error object is an answer, not a failure; no answer at
 * all rejects with the API client's ApiError (spec §8 "You are probably offline.").
 */
export async function createTestPaymentMethod(
  apiBase: string,
  card: TestCardDetails,
  billing: TestBillingDetails,
  options: TestProviderOptions = {},
): Promise<TestPaymentMethodAnswer> {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  let response: Response;
  let text: string;
  try {
    response = await doFetch(`${apiBase.replace(/\/$/, '')}/payment_methods`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ card, billing_details: billing }),
      signal: options.signal,
    });
    text = await response.text();
  } catch (error) {
    if (options.signal?.aborted || isAbort(error)) throw error;
    throw transportError(0, 'fetch_error');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw transportError(response.status, response.ok ? 'invalid_json' : 'unknown_error');
  }
  if (response.ok) {
    const body = json as { id?: unknown; card?: TestCardSummary };
    if (typeof body.id !== 'string' || typeof body.card !== 'object' || body.card === null) {
      throw transportError(response.status, 'invalid_json');
    }
    const { brand, last4, exp_month, exp_year } = body.card;
    return { paymentMethod: { id: body.id, card: { brand, last4, exp_month, exp_year } } };
  }
  const error = readError(json);
  if (!error) throw transportError(response.status, 'unknown_error');
  return { error };
}
