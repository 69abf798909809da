//! One labelled form row in WooCommerce's markup (`p.form-row`): the label with its asterisk
//! outside the name (ui-contract: the name stays exact), the control, and its error beside it
//! (`aria-invalid`, `aria-describedby`).

import type { ReactNode } from 'react';

export interface FieldRowProps {
  id: string;
  label: string;
  required: boolean;
  error?: string;
  className?: string;
  children: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; 'aria-required'?: true }) => ReactNode;
}

export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

export function FieldRow({ id, label, required, error, className, children }: FieldRowProps) {
  const errorId = fieldErrorId(id);
  return (
    <p className={`form-row checkout-field ${error ? 'woocommerce-invalid' : ''} ${className ?? ''}`.replace(/\s+/g, ' ').trim()}>
      <label htmlFor={id} className="checkout-field__label">
        {label}
      </label>
      {required && (
        <span className="checkout-field__required required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
      {children({
        id,
        ...(required ? { 'aria-required': true as const } : {}),
        ...(error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {}),
      })}
      {error && (
        <span id={errorId} className="checkout-field__error">
          {error}
        </span>
      )}
    </p>
  );
}
