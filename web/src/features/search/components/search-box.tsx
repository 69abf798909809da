//! The header's product search as a combobox (ARIA 1.2): typing 3 characters or more lists
//! suggestions (name, thumbnail, price) in a listbox at most 300 px high. ArrowDown/ArrowUp
//! move the active option (aria-activedescendant), Enter opens it or, with none active,
//! submits the search (GET /?s=…&post_type=product), Escape closes the list.

import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from '@/lib/router';
import type { Suggestion } from '@/lib/api/types';
import { useSuggestions, type SuggestionFetcher } from '../hooks/use-suggestions';
import { SearchBoxShell } from './search-box-shell';

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
  /** The input's id (the light box's, when this one takes its place). */
  id?: string;
  /** Focus the input with this selection on mount: the light box had focus when this replaced it. */
  focusSelection?: readonly [number, number];
}

/** Arrows cycle through the options and the typed text itself (-1), between last and first. */
export function nextActive(current: number, step: 1 | -1, count: number): number {
  const slots = count + 1;
  return ((current + 1 + step + slots) % slots) - 1;
}

export function SearchBox({ label, defaultValue = '', className, latencyMs, showNoResults, fetchSuggestions, id: givenId, focusSelection }: SearchBoxProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const [text, setText] = useState(defaultValue);
  const [closed, setClosed] = useState(false);
  const [active, setActive] = useState(-1);
  const { query, items } = useSuggestions(text, latencyMs, fetchSuggestions);
  const answered = query !== null && query === text.trim();
  const noResults = answered && items.length === 0 && showNoResults;
  const open = !closed && answered && (items.length > 0 || noResults);
  const optionId = (index: number) => `${id}-option-${index}`;

  // Taking over from the light box while the shopper is in it: focus and caret stay where they were.
  const [carriedFocus] = useState(focusSelection);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!carriedFocus || !input) return;
    input.focus({ preventScroll: true });
    input.setSelectionRange(carriedFocus[0], carriedFocus[1]);
  }, [carriedFocus]);

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
    <SearchBoxShell
      label={label}
      className={className}
      id={id}
      open={open}
      onSubmit={() => setClosed(true)}
      input={{
        ref: inputRef,
        'aria-activedescendant': open && active >= 0 ? optionId(active) : undefined,
        value: text,
        onChange: (event) => {
          setText(event.target.value);
          setClosed(false);
          setActive(-1);
        },
        onKeyDown,
        onBlur: () => setClosed(true),
        onFocus: () => setClosed(false),
      }}
    >
      {items.map((suggestion, index) => (
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
      {noResults && (
        <li role="option" aria-selected={false} aria-disabled="true" className="search-box__option search-box__option--empty">
          No results
        </li>
      )}
    </SearchBoxShell>
  );
}
