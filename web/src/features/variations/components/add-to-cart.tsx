//! Quantity spinbutton and the "Add to cart" button with its WooCommerce states.

import { QuantityInput } from '@/components/quantity-input';
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
  const { rules } = quantity;
  const typed = Number.parseInt(quantity.text, 10);
  const classes = ['single_add_to_cart_button', 'button', 'vt-add-to-cart', STATE_CLASS[state]];
  if (busy) classes.push('loading');
  if (added) classes.push('added');
  return (
    <div className="vt-add-to-cart-row">
      {!rules.hidden && (
        // The shop's quantity control (spec §5: minus / plus within min, max and step), with
        // the shown variation's min and max.
        <div className="vt-quantity">
          <QuantityInput
            label={messages.quantity}
            hideLabel
            name="quantity"
            value={Number.isFinite(typed) ? typed : rules.value}
            onChange={(value) => quantity.setText(String(value))}
            rules={{ min: rules.min, max: rules.max, step: 1 }}
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
