//! The product search form: GET /?s=…&post_type=product, WooCommerce's search URL.

import { useId } from 'react';
import { Form } from '@/lib/router';
import { SearchIcon } from './icons';

interface SearchFormProps {
  /** Accessible name of the search box ("Search products" in the header). */
  label: string;
  defaultValue?: string;
  className?: string;
}

export function SearchForm({ label, defaultValue = '', className }: SearchFormProps) {
  const id = useId();
  return (
    <Form method="get" action="/" role="search" aria-label={label} className={className ? `search-form ${className}` : 'search-form'}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        key={defaultValue}
        id={id}
        className="search-form__input"
        type="search"
        name="s"
        defaultValue={defaultValue}
        placeholder="Search products…"
        autoComplete="off"
        enterKeyHint="search"
      />
      <SearchFormSubmit />
    </Form>
  );
}

/** What every product search form ends with: WooCommerce's `post_type=product` and the submit
 * button (the header's search box shares it, features/search). */
export function SearchFormSubmit() {
  return (
    <>
      <input type="hidden" name="post_type" value="product" />
      <button type="submit" className="search-form__submit">
        <SearchIcon />
        <span className="sr-only">Search</span>
      </button>
    </>
  );
}
