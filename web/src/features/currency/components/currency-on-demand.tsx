//! The switcher (the header's, the inline block's) and the sidebar as they first load (ADR
//! 0037): the button drawn as it always is ("Currency: USD", flag, label, icon), while the list
//! and its keyboard (currency-parts.tsx, a chunk) are asked for when the pointer first comes over
//! it, it takes focus or it is pressed. Once there, the full placement takes over with the focus,
//! the press (the list opens) and, on the sidebar, the mouse that is over it.

import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { useWakeOnUse } from '@/components/on-demand';
import { chunk, type Chunk } from '@/lib/chunks';
import { useCurrency } from '../currency-context';
import { messages } from '../messages';
import type { SidebarTakeOver } from './currency-sidebar';
import { CurrencyFlag } from './currency-flag';
import { DropdownIcon } from './dropdown-icon';

type PartsModule = typeof import('./currency-parts');

const currencyParts = chunk(() => import('./currency-parts'));

interface Seen {
  /** A press began on the light button: the swap waits for its click (or the click is lost). */
  pressing: boolean;
  pressed: boolean;
  pointer?: { x: number; y: number };
}

/** The light button and what the shopper did to it, read by the render that swaps. */
function useLightSwitcher(source: Chunk<PartsModule>) {
  const { module: arrived, wake } = useWakeOnUse(source);
  const [, rerender] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const seen = useRef<Seen>({ pressing: false, pressed: false });
  const taken = useRef<SidebarTakeOver | null>(null);
  const light = buttonRef.current;
  const module = arrived && !seen.current.pressing ? arrived : undefined;
  if (module && light && !taken.current) {
    const { pressed, pointer } = seen.current;
    taken.current = { pressed, pointer, focused: document.activeElement === light };
  }
  const onPointer = (event: { clientX: number; clientY: number }) => {
    seen.current.pointer = { x: event.clientX, y: event.clientY };
    wake();
  };
  const onPointerLeave = () => {
    seen.current.pointer = undefined;
  };
  const press = {
    onPressStart: () => {
      seen.current.pressing = true;
      wake();
      // A press that ends elsewhere (no click) lets the swap happen after all.
      const settle = () => setTimeout(() => seen.current.pressing && press.onPressEnd(false), 0);
      document.addEventListener('pointerup', settle, { once: true });
    },
    onPressEnd: (pressed: boolean) => {
      seen.current.pressing = false;
      if (pressed) seen.current.pressed = true;
      rerender((n) => n + 1);
    },
  };
  return { module, takeOver: taken.current ?? undefined, buttonRef, wake, onPointer, onPointerLeave, press };
}

interface LightButtonProps {
  className: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onWake: () => void;
  press: { onPressStart: () => void; onPressEnd: (pressed: boolean) => void };
}

function LightButton({ className, buttonRef, onWake, press }: LightButtonProps) {
  const { currency } = useCurrency();
  const { options, current, switcher } = currency;
  const option = options.find((candidate) => candidate.code === current) ?? options[0];
  return (
    <div className={`currency-switcher ${className}`} data-open={false}>
      <button
        ref={buttonRef}
        type="button"
        className="currency-switcher__button"
        aria-haspopup="listbox"
        aria-expanded={false}
        aria-label={messages.button(current)}
        onPointerEnter={onWake}
        onFocus={onWake}
        onPointerDown={press.onPressStart}
        onPointerCancel={() => press.onPressEnd(false)}
        onClick={() => press.onPressEnd(true)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') press.onPressEnd(true);
        }}
      >
        {option && <CurrencyFlag flag={option.flag} size={switcher.flag_size} />}
        <span className="currency-switcher__label">{option?.label || current}</span>
        <span className="currency-switcher__code" aria-hidden="true">
          {current}
        </span>
        <DropdownIcon kind={switcher.dropdown_icon} />
      </button>
    </div>
  );
}

/** The dropdown placement (the header's, or the inline block's) over `source` (tests hand in a chunk they settle). */
export function currencyDropdownOnDemand(source: Chunk<PartsModule>) {
  return function CurrencyDropdownOnDemand({ className = 'currency-switcher--dropdown' }: { className?: string }) {
    const { module, takeOver, buttonRef, wake, press } = useLightSwitcher(source);
    if (module) return <module.CurrencyDropdown className={className} takeOver={takeOver} />;
    return (
      <div className="currency-dropdown">
        <LightButton className={className} buttonRef={buttonRef} onWake={wake} press={press} />
      </div>
    );
  };
}

/** The sidebar placement over `source`. */
export function currencySidebarOnDemand(source: Chunk<PartsModule>) {
  return function CurrencySidebarOnDemand() {
    const { module, takeOver, buttonRef, wake, onPointer, onPointerLeave, press } = useLightSwitcher(source);
    if (module) return <module.CurrencySidebar takeOver={takeOver} />;
    return (
      <LightAside onPointer={onPointer} onPointerLeave={onPointerLeave}>
        <LightButton className="currency-switcher--sidebar" buttonRef={buttonRef} onWake={wake} press={press} />
      </LightAside>
    );
  };
}

interface LightAsideProps {
  onPointer: (event: { clientX: number; clientY: number }) => void;
  onPointerLeave: () => void;
  children: ReactNode;
}

function LightAside({ onPointer, onPointerLeave, children }: LightAsideProps) {
  return (
    <aside
      className="currency-sidebar"
      aria-label={messages.sidebar}
      data-expanded={false}
      onPointerEnter={onPointer}
      onPointerMove={onPointer}
      onPointerLeave={onPointerLeave}
    >
      {children}
    </aside>
  );
}

export const CurrencyDropdownOnDemand = currencyDropdownOnDemand(currencyParts);
export const CurrencySidebarOnDemand = currencySidebarOnDemand(currencyParts);
