//! The add-to-cart button's state machine, the one every add-to-cart control runs (listing
//! cards, product forms, the variations form): normal → loading → added, and the message of a
//! failed add. What an add does is the caller's handler (the app hands in the cart's). Clicks
//! are never dropped while one is pending: the cart queues them and sends them one at a time,
//! so five fast clicks add five, in order.

import { useCallback, useState, type FormEvent } from 'react';

export type AddToCartState = 'normal' | 'loading' | 'added';

/**
 * Adds one request. Resolves when the product is in the cart, or with `false` when the handler
 * dealt with the failure itself (it sent the browser to where the shopper can sort it out);
 * rejects with an Error whose message is for the shopper otherwise.
 */
export type AddHandler<R> = (request: R, trigger?: Element) => unknown;

export interface AddToCartOptions {
  /** Shown when a failure carries no message of its own. */
  fallback?: string;
  /** Told about every failure (the variations form logs them). */
  onFailure?: (failure: unknown) => void;
}

export interface AddToCartMachine<R> {
  state: AddToCartState;
  /** Some add is on its way. */
  pending: boolean;
  /** Once any add succeeded (the "View cart" link follows this). */
  added: boolean;
  /** The message of the last failed add, until the next one starts. */
  error: string | null;
  /** For the form's own checks before anything is sent ("choose a quantity"). */
  setError(message: string | null): void;
  /**
   * Runs one add through the handler; resolves true once it is in the cart. Never rejects.
   * `trigger` is the button the shopper used: the handler gets a copy of it as it was at that
   * moment (tracking's disabled-class rule, spec §5, reads its classes once the add is done).
   */
  submit(request: R, trigger?: Element | null): Promise<boolean>;
}

const ADD_FAILED = 'The product could not be added to your cart.';

/** Without a handler nothing is sent and the button stays as it is. */
export function useAddToCart<R>(handler: AddHandler<R> | undefined, { fallback = ADD_FAILED, onFailure }: AddToCartOptions = {}): AddToCartMachine<R> {
  const [pendingCount, setPendingCount] = useState(0);
  const [added, setAdded] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = useCallback(
    async (request: R, trigger?: Element | null) => {
      if (!handler) return false;
      const clicked = trigger ? asClicked(trigger) : undefined;
      setError(null);
      setPendingCount((n) => n + 1);
      try {
        if ((await (clicked ? handler(request, clicked) : handler(request))) === false) return false;
        setAdded(true);
        return true;
      } catch (failure) {
        onFailure?.(failure);
        setError(failure instanceof Error && failure.message ? failure.message : fallback);
        return false;
      } finally {
        setPendingCount((n) => n - 1);
      }
    },
    [handler, fallback, onFailure],
  );

  const pending = pendingCount > 0;
  return { state: pending ? 'loading' : added ? 'added' : 'normal', pending, added, error, setError, submit };
}

/** The button as it was when used: a shallow copy, so a later class change cannot rewrite it. */
function asClicked(element: Element): Element {
  return element.cloneNode(false) as Element;
}

/** The button that submitted a form (the default button for Enter in a field). */
export function submitterOf(event: FormEvent<HTMLFormElement>): Element | null {
  const native = event.nativeEvent as Partial<SubmitEvent>;
  return native.submitter ?? event.currentTarget.querySelector('button[type="submit"], input[type="submit"]');
}
