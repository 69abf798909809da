//! Saved cards at checkout and on the order-pay page (issue 15; WooCommerce's
//! `woocommerce-SavedPaymentMethods`): one radio per saved card ("Visa ending in 4242 (expires
//! 12/30)") and "Use a new payment method". Choosing a saved card hides the card fields and
//! leaves "Place order" to pay with it (spec §4); the new card can be kept with "Save payment
//! information to my account".

import { useId } from 'react';
import type { SavedMethodView } from '@/lib/api/types';
import { messages } from '../messages';

/** The radio value of "Use a new payment method". */
export const NEW_METHOD = 'new';

export interface SavedMethodsProps {
  methods: readonly SavedMethodView[];
  /** A saved card's id, or {@link NEW_METHOD}. */
  choice: string;
  onChoice(choice: string): void;
  disabled?: boolean;
}

export function SavedMethods({ methods, choice, onChoice, disabled }: SavedMethodsProps) {
  const name = useId();
  if (methods.length === 0) return null;
  const options = [
    ...methods.map((method) => ({ value: method.id, label: messages.savedMethodLabel(method.display_name, method.expires) })),
    { value: NEW_METHOD, label: messages.useNewMethod },
  ];
  return (
    <ul className="woocommerce-SavedPaymentMethods wc-saved-payment-methods saved-methods" role="radiogroup" aria-label={messages.savedMethods}>
      {options.map((option) => (
        <li key={option.value} className={option.value === NEW_METHOD ? 'woocommerce-SavedPaymentMethods-new' : 'woocommerce-SavedPaymentMethods-token'}>
          <input
            id={`${name}-${option.value}`}
            type="radio"
            name={`${name}-saved-method`}
            value={option.value}
            checked={choice === option.value}
            onChange={() => onChoice(option.value)}
            disabled={disabled}
          />{' '}
          <label htmlFor={`${name}-${option.value}`}>{option.label}</label>
        </li>
      ))}
    </ul>
  );
}

export function SaveMethodCheckbox({ checked, onChange, disabled }: { checked: boolean; onChange(checked: boolean): void; disabled?: boolean }) {
  const id = useId();
  return (
    <p className="form-row woocommerce-SavedPaymentMethods-saveNew saved-methods__save">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} disabled={disabled} />{' '}
      <label htmlFor={id}>{messages.saveMethod}</label>
    </p>
  );
}

/** The first choice: the account's default card, else a new card. */
export function initialChoice(methods: readonly SavedMethodView[] | undefined): string {
  return methods?.find((method) => method.is_default)?.id ?? methods?.[0]?.id ?? NEW_METHOD;
}
