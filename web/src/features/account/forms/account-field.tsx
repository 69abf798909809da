//! A labelled account form field (WooCommerce's `form-row`): the label with its required mark,
//! the input (or the password field with its Show/Hide toggle), an optional hint, and the
//! field's error right below it, tied to the input with aria-describedby.

import { useId, type ReactNode, type Ref } from 'react';
import { PasswordField } from '@/components/password-field';

export interface AccountFieldProps {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  required?: boolean;
  hint?: ReactNode;
  /** The server's message for this field. */
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

export function AccountField({ label, name, value, onChange, type = 'text', autoComplete, required, hint, error, inputRef }: AccountFieldProps) {
  const id = `${useId()}-${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const invalid = error ? { 'aria-invalid': true as const } : {};
  return (
    <div className="account-field">
      {type === 'password' ? (
        <PasswordField
          id={id}
          label={label}
          name={name}
          required={required}
          autoComplete={autoComplete}
          className="login__field"
          inputRef={inputRef}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={described}
          {...invalid}
        />
      ) : (
        <p className="login__field">
          <span className="login__heading">
            <label htmlFor={id} className="login__label">
              {label}
            </label>
            {required && (
              <span className="login__required" aria-hidden="true">
                *
              </span>
            )}
          </span>
          <input
            id={id}
            ref={inputRef}
            name={name}
            type={type}
            className="login__input"
            autoComplete={autoComplete}
            autoCapitalize={type === 'email' ? 'off' : undefined}
            spellCheck={type === 'email' ? false : undefined}
            required={required}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            aria-describedby={described}
            {...invalid}
          />
        </p>
      )}
      {hint && (
        <p id={hintId} className="account-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="account-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
