//! Spec §3 "Payment intent return data": what the return address after 3-D Secure carries as
//! base64 JSON, in the hash (`/checkout/#response=…`) or the order-pay page's `order_review`
//! query parameter (spec §2).

import { ORDER_REVIEW_PARAM, RESPONSE_HASH_PREFIX } from './constants';

export interface PaymentReturnData {
  client_secret: string;
  gateway_id: string;
  type: 'payment_intent' | 'setup';
  order_id: number;
  order_key: string;
  pm: string;
  save_method: boolean;
}

/** UTF-8 safe base64 of the JSON. */
export function encodeReturnData(data: PaymentReturnData): string {
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The data, or null when the text is not base64 JSON of the right shape (never throws). */
export function decodeReturnData(encoded: string): PaymentReturnData | null {
  let value: unknown;
  try {
    const binary = atob(decodeURIComponent(encoded.trim()));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const orderId = typeof v.order_id === 'string' ? Number(v.order_id) : v.order_id;
  if (typeof orderId !== 'number' || !Number.isSafeInteger(orderId) || orderId <= 0) return null;
  if (typeof v.order_key !== 'string' || v.order_key === '') return null;
  return {
    client_secret: typeof v.client_secret === 'string' ? v.client_secret : '',
    gateway_id: typeof v.gateway_id === 'string' ? v.gateway_id : '',
    type: v.type === 'setup' ? 'setup' : 'payment_intent',
    order_id: orderId,
    order_key: v.order_key,
    pm: typeof v.pm === 'string' ? v.pm : '',
    save_method: v.save_method === true || v.save_method === 'true',
  };
}

/** The data in a `#response=…` hash, or null. */
export function returnDataFromHash(hash: string): PaymentReturnData | null {
  return hash.startsWith(RESPONSE_HASH_PREFIX) ? decodeReturnData(hash.slice(RESPONSE_HASH_PREFIX.length)) : null;
}

/** The data in an `order_review` query parameter, or null. */
export function returnDataFromSearch(search: string): PaymentReturnData | null {
  const value = new URLSearchParams(search).get(ORDER_REVIEW_PARAM);
  return value ? decodeReturnData(value) : null;
}

/** The checkout's return address for a next action. */
export function checkoutReturnUrl(origin: string, data: PaymentReturnData): string {
  return `${origin}/checkout/${RESPONSE_HASH_PREFIX}${encodeURIComponent(encodeReturnData(data))}`;
}

/** The order-pay page's return address for a next action. */
export function orderPayReturnUrl(origin: string, data: PaymentReturnData): string {
  const query = new URLSearchParams({ pay_for_order: 'true', key: data.order_key, [ORDER_REVIEW_PARAM]: encodeReturnData(data) });
  return `${origin}/checkout/order-pay/${data.order_id}/?${query}`;
}
