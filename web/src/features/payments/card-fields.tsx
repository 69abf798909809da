//! The card fields of the test provider's checkout (ui-contract: "Card number", "Expiration
//! date (MM / YY)", "Security code"): labelled inputs that format as the shopper types and tell
//! the parent the card once it is complete. Stripe collects cards in its own Elements instead.

import { useId, useState } from 'react';
import { formatCardNumber, formatCvc, formatExpiry, isAmex, parseExpiry } from './format';
import type { CardDetails } from './types';

export interface CardFieldsValue {
  number: string;
  expiry: string;
  cvc: string;
  /** The card when every field is complete, else null. */
  card: CardDetails | null;
}

export interface CardFieldsProps {
  onChange(value: CardFieldsValue): void;
  /** Messages under a field (from the provider's `param`). */
  errors?: { number?: string; expiry?: string; cvc?: string };
  disabled?: boolean;
}

function complete(number: string, expiry: string, cvc: string): CardDetails | null {
  const digits = number.replace(/\s/g, '');
  const date = parseExpiry(expiry);
  const cvcLength = isAmex(digits) ? 4 : 3;
  if (digits.length < 12 || !date || cvc.length !== cvcLength) return null;
  return { number: digits, expMonth: date.month, expYear: date.year, cvc };
}

export function CardFields({ onChange, errors = {}, disabled = false }: CardFieldsProps) {
  const id = useId();
  const [value, setValue] = useState({ number: '', expiry: '', cvc: '' });

  const update = (field: keyof typeof value, text: string) => {
    const next = { ...value, [field]: text };
    setValue(next);
    onChange({ ...next, card: complete(next.number, next.expiry, next.cvc) });
  };

  const field = (
    name: 'number' | 'expiry' | 'cvc',
    label: string,
    autoComplete: string,
    format: (text: string) => string,
    maxLength: number,
  ) => {
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-error`;
    const error = errors[name];
    return (
      <p className={`payment-card__field payment-card__field--${name}`}>
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          name={`card-${name}`}
          type="text"
          inputMode="numeric"
          autoComplete={autoComplete}
          autoCorrect="off"
          spellCheck={false}
          maxLength={maxLength}
          value={value[name]}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => update(name, format(event.target.value))}
        />
        {error ? (
          <span id={errorId} className="payment-card__error">
            {error}
          </span>
        ) : null}
      </p>
    );
  };

  return (
    <fieldset className="payment-card" disabled={disabled}>
      <legend>Card details</legend>
      {field('number', 'Card number', 'cc-number', formatCardNumber, 23)}
      {field('expiry', 'Expiration date (MM / YY)', 'cc-exp', formatExpiry, 7)}
      {field('cvc', 'Security code', 'cc-csc', formatCvc, 4)}
    </fieldset>
  );
}
