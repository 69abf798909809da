//! The header's product search as a combobox (ARIA 1.2): typing 3 characters or more lists
//! suggestions (name, thumbnail, price) in a listbox at most 300 px high. ArrowDown/ArrowUp
//! move the active option (aria-activedescendant), Enter opens it or, with none active,
//! submits the search (GET /?s=…&post_type=product), Escape closes the list.

import { useId, useState, type KeyboardEvent } from 'react';
import { Form, useNavigate } from '@/lib/router';
import { SearchIcon } from '@/components/icons';
import type { Suggestion } from '@/lib/api/types';
import { useSuggestions, type SuggestionFetcher } from '../hooks/use-suggestions';

export interface SearchBoxProps {
  /** Accessible name ("Search products" in the header). */
  label: string;
  defaultValue?: string;
  className?: string;
  /** The theme's search_result_latency, in ms. */
  latencyMs: number;
  /** Show "No results" when nothing matches (the theme option; off by default). */
  showNoResults: boolean;
  fetchSuggestions: SuggestionFetcher;
}

/** Arrows cycle through the options and the typed text itself (-1), between last and first. */
export function nextActive(current: number, step: 1 | -1, count: number): number {
  const slots = count + 1;
  return ((current + 1 + step + slots) % slots) - 1;
}

export function SearchBox({ label, defaultValue = '', className, latencyMs, showNoResults, fetchSuggestions }: SearchBoxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const [text, setText] = useState(defaultValue);
  const [closed, setClosed] = useState(false);
  const [active, setActive] = useState(-1);
  const { query, items } = useSuggestions(text, latencyMs, fetchSuggestions);
  const answered = query !== null && query === text.trim();
  const noResults = answered && items.length === 0 && showNoResults;
  const open = !closed && answered && (items.length > 0 || noResults);
  const optionId = (index: number) => `${id}-option-${index}`;

  const choose = (suggestion: Suggestion) => {
    if (suggestion.id === -1 || !suggestion.url) return;
    setClosed(true);
    void navigate(suggestion.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (open) event.preventDefault();
      setClosed(true);
      setActive(-1);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setClosed(false);
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => nextActive(current, step, items.length));
      return;
    }
    if (event.key === 'Enter' && open && active >= 0 && items[active]) {
      event.preventDefault();
      choose(items[active]);
    }
  };

  return (
    <Form
      method="get"
      action="/"
      role="search"
      aria-label={label}
      className={className ? `search-form search-box ${className}` : 'search-form search-box'}
      onSubmit={() => setClosed(true)}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        className="search-form__input"
        type="search"
        name="s"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setClosed(false);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setClosed(true)}
        onFocus={() => setClosed(false)}
        placeholder="Search products…"
        autoComplete="off"
        enterKeyHint="search"
      />
      <input type="hidden" name="post_type" value="product" />
      <button type="submit" className="search-form__submit">
        <SearchIcon />
        <span className="sr-only">Search</span>
      </button>
      <ul id={listId} role="listbox" aria-label={`${label}: suggestions`} className="search-box__list" hidden={!open}>
        {open &&
          items.map((suggestion, index) => (
            // The keyboard stays on the combobox input (aria-activedescendant), as ARIA's combobox
            // pattern has it; options only take pointer clicks.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={suggestion.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="search-box__option"
              // Keeps focus in the box, so its blur does not close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
            >
              {suggestion.img && <img src={suggestion.img} alt="" width={40} height={40} className="search-box__thumb" />}
              <span className="search-box__name">{suggestion.value}</span>
              {suggestion.price_text && <span className="search-box__price">{suggestion.price_text}</span>}
            </li>
          ))}
        {open && noResults && (
          <li role="option" aria-selected={false} aria-disabled="true" className="search-box__option search-box__option--empty">
            No results
          </li>
        )}
      </ul>
    </Form>
  );
}
