//! Runs add-to-cart requests through the page's handler, tracking the button's state
//! (normal → loading → added) and the message to show when one fails. Without a handler nothing
//! is sent. Clicks are never dropped while a request is pending: the cart queues them and sends
//! them one at a time, so five fast clicks add five, in order.

import { useCallback, useState } from 'react';
import type { AddToCartHandler, AddToCartRequest } from '../types';

export type AddToCartButtonState = 'normal' | 'loading' | 'added';

const FALLBACK_ERROR = 'Sorry, this product could not be added to your cart.';

export function useAddToCart(handler: AddToCartHandler | undefined) {
  const [pendingCount, setPendingCount] = useState(0);
  const [added, setAdded] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = useCallback(
    async (request: AddToCartRequest) => {
      if (!handler) return;
      setError(null);
      setPendingCount((n) => n + 1);
      try {
        await handler(request);
        setAdded(true);
      } catch (failure) {
        setError(failure instanceof Error && failure.message ? failure.message : FALLBACK_ERROR);
      } finally {
        setPendingCount((n) => n - 1);
      }
    },
    [handler],
  );

  const pending = pendingCount > 0;
  const state: AddToCartButtonState = pending ? 'loading' : added ? 'added' : 'normal';
  return { submit, pending, state, error, setError };
}
