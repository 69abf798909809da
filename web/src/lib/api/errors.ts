//! The one error every API call fails with: the server's envelope (`ErrorBody`, read the same
//! way for every endpoint) or, when no envelope came, spec §8's client-side codes.

import type { ErrorCode } from './types';

/** Spec §8's REST messages for failures that carry no error envelope. */
export const REST_MESSAGES = {
  fetch_error: 'You are probably offline.',
  invalid_json: 'The response is not a valid JSON response.',
  unknown_error: 'An unknown error occurred.',
} as const;

/** Failures the browser names itself: no answer, an answer that is not JSON, or no envelope. */
export type TransportCode = keyof typeof REST_MESSAGES;

/**
 * A documented code, a transport code, or one this build does not know yet: a newer server may
 * send codes the app has never heard of, and the app must not break on them.
 */
export type ApiErrorCode = ErrorCode | TransportCode | (string & {});

/** The envelope as read off the wire, before it is trusted to be one of ours. */
export interface ErrorEnvelope {
  code: ApiErrorCode;
  message: string;
  field?: string | null;
  product_url?: string;
  available?: number;
  pay_url?: string;
}

/** A failed API call. */
export class ApiError extends Error {
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  readonly code: ApiErrorCode;
  /** The parameter or body field at fault, when there is one. */
  readonly field: string | undefined;
  /** Add-to-cart errors: the page where the shopper can sort it out (spec §8). */
  readonly productUrl: string | undefined;
  /** `insufficient_stock`: how many can still be had. */
  readonly available: number | undefined;
  /** `payment_failed` at checkout: the order's order-pay page (WooCommerce's "Pay" link). */
  readonly payUrl: string | undefined;
  /** No usable answer (offline, not JSON, no envelope): nothing is known about the server's state. */
  readonly transport: boolean;
  /** The answer's reason phrase ("Internal Server Error"; "" over HTTP/2 or without an answer). */
  statusText = '';
  /** A media upload's `X-WP-Upload-Attachment-ID`: stored, but its sizes were not made. */
  attachmentId: number | undefined = undefined;

  constructor(status: number, body: ErrorEnvelope, transport = false) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.field = body.field ?? undefined;
    this.productUrl = body.product_url;
    this.available = body.available;
    this.payUrl = body.pay_url;
    this.transport = transport;
  }
}

/** Any `{code, message, …}` answer: the shop's envelope, whichever endpoint sent it. */
export function readErrorEnvelope(value: unknown): ErrorEnvelope | null {
  if (typeof value !== 'object' || value === null) return null;
  const body = value as Record<string, unknown>;
  if (typeof body.code !== 'string' || typeof body.message !== 'string') return null;
  return {
    code: body.code,
    message: body.message,
    field: typeof body.field === 'string' ? body.field : undefined,
    product_url: typeof body.product_url === 'string' ? body.product_url : undefined,
    available: typeof body.available === 'number' ? body.available : undefined,
    pay_url: typeof body.pay_url === 'string' ? body.pay_url : undefined,
  };
}

/** A failure without an envelope; `message` replaces spec §8's wording where a caller has its own. */
export function transportError(status: number, code: TransportCode, message?: string): ApiError {
  return new ApiError(status, { code, message: message ?? REST_MESSAGES[code] }, true);
}

/** Spec §8 "Checkout HTTP failure": the status text of a failed answer, else its message. */
export function statusTextOf(error: ApiError): string {
  return error.statusText || error.message;
}

/** The server refused with its envelope (4xx): nothing changed, and the message is for people. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && !error.transport && error.status >= 400 && error.status < 500;
}

/** An aborted request (the caller's signal, or fetch's AbortError) is expected, not a failure. */
export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
