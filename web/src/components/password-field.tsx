//! A password input with a "Show password" / "Hide password" toggle (spec §4: the password
//! field toggles masked and visible). Toggling keeps focus where it was (a mouse click leaves it
//! in the input) and the caret or selection where it was.

import { useId, useLayoutEffect, useRef, useState, type InputHTMLAttributes, type Ref } from 'react';
import './password-field.css';

type Selection = [start: number | null, end: number | null, direction: 'forward' | 'backward' | 'none' | null];

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  /** The field's visible label ("Password"). */
  label: string;
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Marks the label with an asterisk (hidden from assistive technology, which hears `required`). */
  required?: boolean;
  className?: string;
}

export function PasswordField({ label, id: given, inputRef, required, className, autoComplete = 'current-password', ...inputProps }: PasswordFieldProps) {
  const generated = useId();
  const id = given ?? generated;
  const input = useRef<HTMLInputElement | null>(null);
  const [visible, setVisible] = useState(false);
  const selection = useRef<Selection | null>(null);

  const setRefs = (element: HTMLInputElement | null) => {
    input.current = element;
    if (typeof inputRef === 'function') inputRef(element);
    else if (inputRef) inputRef.current = element;
  };

  const toggle = () => {
    const element = input.current;
    selection.current = element ? [element.selectionStart, element.selectionEnd, element.selectionDirection] : null;
    setVisible((shown) => !shown);
  };

  // Changing an input's type may move its caret: put it back before the browser paints.
  useLayoutEffect(() => {
    const element = input.current;
    const saved = selection.current;
    selection.current = null;
    if (!element || !saved || document.activeElement !== element) return;
    const [start, end, direction] = saved;
    if (start !== null && end !== null) element.setSelectionRange(start, end, direction ?? undefined);
  }, [visible]);

  return (
    <p className={className ? `password-field ${className}` : 'password-field'}>
      <span className="password-field__heading">
        <label htmlFor={id} className="password-field__label">
          {label}
        </label>
        {/* Outside the label, so the name stays "Password"; `required` says it to assistive technology. */}
        {required && (
          <span className="password-field__required" aria-hidden="true">
            *
          </span>
        )}
      </span>
      <span className="password-field__control">
        <input
          {...inputProps}
          ref={setRefs}
          id={id}
          type={visible ? 'text' : 'password'}
          className="password-field__input"
          autoComplete={autoComplete}
          required={required}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
        />
        <button
          type="button"
          className="password-field__toggle"
          aria-controls={id}
          aria-pressed={visible}
          // A mouse click must not take focus from the input (and its caret).
          onMouseDown={(event) => event.preventDefault()}
          onClick={toggle}
        >
          <span className="password-field__icon" data-visible={visible} aria-hidden="true" />
          <span className="sr-only">{visible ? 'Hide password' : 'Show password'}</span>
        </button>
      </span>
    </p>
  );
}
