//! The header carrying one press's key (checkout, order-pay): the same key answers the stored
//! response. Apart from the checkout's calls (client-checkout.ts, loaded on first use).

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
