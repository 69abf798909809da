//! Quantity spinbutton and the "Add to cart" button with its WooCommerce states.

import { useId } from 'react';
import type { ButtonState } from '../engine';
import type { QuantityField } from '../hooks/use-quantity';
import { messages } from '../messages';

interface AddToCartProps {
  readonly state: ButtonState;
  readonly quantity: QuantityField;
  readonly busy: boolean;
  readonly added: boolean;
}

const STATE_CLASS: Record<ButtonState, string> = {
  selection_needed: 'disabled wc-variation-selection-needed',
  unavailable: 'disabled wc-variation-is-unavailable',
  enabled: '',
};

/**
 * The button stays focusable and clickable when not enabled (aria-disabled plus a `disabled`
 * class) so the form's submit handler can explain why with an alert.
 */
export function AddToCart({ state, quantity, busy, added }: AddToCartProps) {
  const id = useId();
  const { rules } = quantity;
  const classes = ['single_add_to_cart_button', 'button', 'vt-add-to-cart', STATE_CLASS[state]];
  if (busy) classes.push('loading');
  if (added) classes.push('added');
  return (
    <div className="vt-add-to-cart-row">
      {!rules.hidden && (
        <div className="quantity vt-quantity">
          <label className="vt-visually-hidden" htmlFor={id}>
            {messages.quantity}
          </label>
          <input
            id={id}
            className="qty"
            type="number"
            inputMode="numeric"
            name="quantity"
            step={1}
            min={rules.min}
            max={rules.max ?? undefined}
            value={quantity.text}
            onChange={(event) => quantity.setText(event.target.value)}
            onBlur={quantity.commit}
          />
        </div>
      )}
      <button
        type="submit"
        className={classes.filter(Boolean).join(' ')}
        aria-disabled={state === 'enabled' ? undefined : true}
        aria-busy={busy || undefined}
      >
        {messages.addToCart}
      </button>
    </div>
  );
}
