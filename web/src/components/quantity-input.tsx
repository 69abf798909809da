//! A quantity spinbutton with minus / plus buttons that follow lib/quantity's rules (spec §5).

import { useId, useState } from 'react';
import {
  canDecrement,
  canIncrement,
  clampQuantity,
  decrement,
  increment,
  maxQuantity,
  parseQuantity,
  stepDecimals,
  type QuantityRules,
} from '@/lib/quantity';
import { MinusIcon, PlusIcon } from './icons';

interface QuantityInputProps {
  /** The spinbutton's accessible name: "Quantity", "Quantity for T-Shirt". */
  label: string;
  value: number;
  onChange: (value: number) => void;
  rules: QuantityRules;
  /** Form field name ("quantity", "quantity[47]"). */
  name?: string;
  /** Keeps the label for assistive technology only (tables that already name the row). */
  hideLabel?: boolean;
  disabled?: boolean;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export function QuantityInput({ label, value, onChange, rules, name, hideLabel = false, disabled = false }: QuantityInputProps) {
  const id = useId();
  // What the shopper is typing, kept verbatim until the field loses focus.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? String(value);
  const step = rules.step ?? 1;
  const decimal = stepDecimals(step) > 0;

  const commit = () => {
    setDraft(null);
    onChange(clampQuantity(parseQuantity(shown), rules));
  };

  return (
    <div className="quantity">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'quantity__label'}>
        {label}
      </label>
      <div className="quantity__control">
        <button
          type="button"
          className="quantity__step"
          aria-label={`Decrease ${lowerFirst(label)}`}
          disabled={disabled || !canDecrement(value, rules)}
          onClick={() => {
            setDraft(null);
            onChange(decrement(value, rules));
          }}
        >
          <MinusIcon />
        </button>
        <input
          id={id}
          className="quantity__input"
          type="number"
          name={name}
          inputMode={decimal ? 'decimal' : 'numeric'}
          min={rules.min ?? 0}
          max={maxQuantity(rules)}
          step={step}
          value={shown}
          disabled={disabled}
          onChange={(event) => {
            setDraft(event.target.value);
            const parsed = parseQuantity(event.target.value);
            if (Number.isFinite(parsed)) onChange(parsed);
          }}
          onBlur={commit}
        />
        <button
          type="button"
          className="quantity__step"
          aria-label={`Increase ${lowerFirst(label)}`}
          disabled={disabled || !canIncrement(value, rules)}
          onClick={() => {
            setDraft(null);
            onChange(increment(value, rules));
          }}
        >
          <PlusIcon />
        </button>
      </div>
    </div>
  );
}
