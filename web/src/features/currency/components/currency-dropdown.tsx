//! The dropdown placement (the header's switcher, and the inline block's dropdown layout): a
//! click on the button toggles it (`active`), a click anywhere else closes it, and it opens
//! upward when the button sits below the window's vertical middle (spec §4, §9).

import { useEffect, useRef, useState } from 'react';
import { opensUpward } from '../placement';
import { CurrencySelect, type TakeOver } from './currency-select';

export function CurrencyDropdown({ className = 'currency-switcher--dropdown', takeOver }: { className?: string; takeOver?: TakeOver }) {
  const [open, setOpen] = useState(false);
  const [upward, setUpward] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [open]);

  const onOpenChange = (next: boolean) => {
    // Measured at each opening: the header may have scrolled or stuck since the last one.
    if (next && rootRef.current) setUpward(opensUpward(rootRef.current.getBoundingClientRect().top, window.innerHeight));
    setOpen(next);
  };

  return (
    <div ref={rootRef} className="currency-dropdown">
      <CurrencySelect open={open} onOpenChange={onOpenChange} className={className} upward={upward} takeOver={takeOver} />
    </div>
  );
}
