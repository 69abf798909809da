//! The add-to-cart submit button with its states (WooCommerce classes: `loading` while a request
//! is pending, `added` once one succeeded), and the form's error line.

import type { AddToCartState } from '@/components/use-add-to-cart';

/** Shown when a failed add brings no message of its own. */
export const ADD_FAILED = 'Sorry, this product could not be added to your cart.';

interface SubmitButtonProps {
  /** normal → loading → added. Never disabled while loading: further clicks are queued. */
  state?: AddToCartState;
  label?: string;
  disabled?: boolean;
}

export function SubmitButton({ state = 'normal', label = 'Add to cart', disabled = false }: SubmitButtonProps) {
  const classes = ['button', 'button--primary', 'add-to-cart__button', 'single_add_to_cart_button', 'add_to_cart_button'];
  if (state !== 'normal') classes.push(state);
  return (
    <button type="submit" className={classes.join(' ')} data-state={state} aria-busy={state === 'loading' || undefined} disabled={disabled}>
      {label}
    </button>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="notice notice--error" role="alert">
      {message}
    </p>
  );
}
