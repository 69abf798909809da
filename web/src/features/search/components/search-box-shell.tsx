//! The search box's markup, the same before and after its combobox code has arrived (ADR 0037):
//! the form (GET /?s=…&post_type=product), the combobox input, the submit button and the
//! suggestion list, so the swap from the light box to the full one changes nothing on screen.

import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Form } from '@/lib/router';
import { SearchFormSubmit } from '@/components/search-form';

export interface SearchBoxShellProps {
  /** Accessible name ("Search products" in the header). */
  label: string;
  className?: string;
  /** The input's id; the list's is `${id}-list`. */
  id: string;
  open: boolean;
  input: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  onSubmit?: () => void;
  /** The options (the full box only). */
  children?: ReactNode;
}

export function SearchBoxShell({ label, className, id, open, input, onSubmit, children }: SearchBoxShellProps) {
  const listId = `${id}-list`;
  return (
    <Form
      method="get"
      action="/"
      role="search"
      aria-label={label}
      className={className ? `search-form search-box ${className}` : 'search-form search-box'}
      onSubmit={onSubmit}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        {...input}
        id={id}
        className="search-form__input"
        type="search"
        name="s"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        placeholder="Search products…"
        autoComplete="off"
        enterKeyHint="search"
      />
      <SearchFormSubmit />
      <ul id={listId} role="listbox" aria-label={`${label}: suggestions`} className="search-box__list" hidden={!open}>
        {open && children}
      </ul>
    </Form>
  );
}
