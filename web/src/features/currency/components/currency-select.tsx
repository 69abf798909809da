//! The switcher's control: a button "Currency: USD" (aria-haspopup="listbox") and the listbox of
//! the shop's currencies, each option named by its label. The placements (header dropdown,
//! sidebar, inline block) decide when it opens; this owns the keyboard: Enter, Space or the
//! arrows on the button open the list with focus on it and the current currency active; the
//! arrows, Home and End move, Enter or Space chooses, Escape closes; focus returns to the button.

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useCurrency } from '../currency-context';
import { messages } from '../messages';
import { CurrencyFlag } from './currency-flag';
import { DropdownIcon } from './dropdown-icon';

/** What asked to open or close: the button, a choice, Escape, Tab or focus leaving the list. */
export type OpenChangeReason = 'button' | 'choose' | 'escape' | 'tab' | 'blur';

export interface CurrencySelectProps {
  open: boolean;
  onOpenChange(open: boolean, reason: OpenChangeReason): void;
  /** The placement's class (currency-switcher--dropdown, --sidebar, --inline). */
  className?: string;
  /** The list opens above the button. */
  upward?: boolean;
  /** Taking over from the light button (currency-on-demand.tsx): what the shopper did to it meanwhile. */
  takeOver?: TakeOver;
}

/** What happened to the light button before this control's code arrived. */
export interface TakeOver {
  /** It had focus: the full button takes it. */
  focused: boolean;
  /** It was pressed: the list opens, with focus on it, as a press on this button would. */
  pressed: boolean;
}

export function CurrencySelect({ open, onOpenChange, className = '', upward = false, takeOver }: CurrencySelectProps) {
  const { currency, switching, switchTo } = useCurrency();
  const { options, current, switcher } = currency;
  const currentIndex = Math.max(0, options.findIndex((option) => option.code === current));
  const currentOption = options[currentIndex];
  const busy = switching !== null;
  const baseId = useId();
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusListOnOpen = useRef(false);
  const refocusButton = useRef(false);

  // Every opening starts on the current currency, however it was opened (click, key, hover).
  const [active, setActive] = useState(currentIndex);
  const [seenOpen, setSeenOpen] = useState(open);
  if (open !== seenOpen) {
    setSeenOpen(open);
    if (open) setActive(currentIndex);
  }

  useEffect(() => {
    if (open && focusListOnOpen.current) listRef.current?.focus();
    focusListOnOpen.current = false;
  }, [open]);

  // A disabled button loses focus; give it back once the switch is over (do_not_reload_page).
  useEffect(() => {
    if (busy || !refocusButton.current) return;
    refocusButton.current = false;
    if (document.activeElement === null || document.activeElement === document.body) buttonRef.current?.focus();
  }, [busy]);

  const openFromButton = () => {
    focusListOnOpen.current = true;
    onOpenChange(true, 'button');
  };

  // Once, on taking over from the light button: focus, and the press it could not answer.
  const [pending] = useState(takeOver);
  const takeOverRef = useRef(pending);
  useEffect(() => {
    const taken = takeOverRef.current;
    takeOverRef.current = undefined;
    if (taken?.pressed) {
      focusListOnOpen.current = true;
      onOpenChange(true, 'button');
    } else if (taken?.focused) buttonRef.current?.focus({ preventScroll: true });
  }, [onOpenChange]);

  const close = (reason: OpenChangeReason, returnFocus: boolean) => {
    onOpenChange(false, reason);
    if (returnFocus) buttonRef.current?.focus();
  };

  const choose = (index: number) => {
    const option = options[index];
    close('choose', true);
    if (!option || option.code === current) return;
    refocusButton.current = true;
    void switchTo(option.code);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (open) listRef.current?.focus();
    else openFromButton();
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = options.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => Math.min(active + 1, last),
      ArrowUp: () => Math.max(active - 1, 0),
      Home: () => 0,
      End: () => last,
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setActive(move());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape') {
      // Handled here: the mini cart's Escape (on the document) must not close too.
      event.preventDefault();
      event.stopPropagation();
      close('escape', true);
    } else if (event.key === 'Tab') {
      close('tab', false);
    }
  };

  const classes = ['currency-switcher', className, busy && 'loading', open && 'active', upward && 'currency-switcher--upward'];
  return (
    <div className={classes.filter(Boolean).join(' ')} data-open={open}>
      <button
        ref={buttonRef}
        type="button"
        className="currency-switcher__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={messages.button(current)}
        disabled={busy}
        onClick={() => (open ? close('button', false) : openFromButton())}
        onKeyDown={onButtonKeyDown}
      >
        {currentOption && <CurrencyFlag flag={currentOption.flag} size={switcher.flag_size} />}
        <span className="currency-switcher__label">{currentOption?.label || current}</span>
        {/* Small screens show the code alone where the label would crowd the header. */}
        <span className="currency-switcher__code" aria-hidden="true">
          {current}
        </span>
        <DropdownIcon kind={switcher.dropdown_icon} />
      </button>
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={messages.currency}
        className="currency-switcher__list"
        tabIndex={-1}
        hidden={!open}
        aria-activedescendant={open ? optionId(active) : undefined}
        onKeyDown={onListKeyDown}
        onBlur={(event) => {
          if (!event.currentTarget.parentElement?.contains(event.relatedTarget as Node | null)) onOpenChange(false, 'blur');
        }}
      >
        {options.map((option, index) => (
          // Keyboard use is the listbox's (aria-activedescendant); a click chooses directly.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={option.code}
            id={optionId(index)}
            role="option"
            aria-selected={option.code === current}
            className={`currency-switcher__option${index === active ? ' is-active' : ''}`}
            onClick={() => choose(index)}
            onPointerMove={() => setActive(index)}
          >
            <CurrencyFlag flag={option.flag} size={switcher.flag_size} />
            <span>{option.label || option.code}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
