//! "Edit {title}": a button opening a small tooltip-style popover with the block's two edit
//! links (spec §6: a page-builder link and a backend editor link). A disclosure: focus moves
//! to the first link; Escape, a click elsewhere or leaving it with Tab closes it; Escape hands
//! focus back to the button.

import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { Link } from '@/lib/router';
import type { BlockView } from '@/lib/api/types';

interface EditBlockControlProps {
  block: BlockView;
  buttonRef?: Ref<HTMLButtonElement>;
}

export function EditBlockControl({ block, buttonRef }: EditBlockControlProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement | null>(null);
  const popover = useRef<HTMLDivElement>(null);

  const setButton = (element: HTMLButtonElement | null) => {
    button.current = element;
    if (typeof buttonRef === 'function') buttonRef(element);
    else if (buttonRef) buttonRef.current = element;
  };

  useEffect(() => {
    if (!open) return;
    popover.current?.querySelector<HTMLElement>('a')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const active = document.activeElement;
      setOpen(false);
      // Focus in the popover (or lost) goes back to the button; focus elsewhere stays put.
      if (!active || active === document.body || root.current?.contains(active)) button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div
      ref={root}
      className="edit-block"
      onBlur={(event) => {
        // Tab out of the popover (not into it) closes it.
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={setButton}
        type="button"
        className="edit-block__button"
        aria-expanded={open}
        aria-controls={`${id}-links`}
        onClick={() => setOpen((shown) => !shown)}
      >
        <span className="edit-block__icon" aria-hidden="true" />
        Edit<span className="sr-only"> {block.title}</span>
      </button>
      <div ref={popover} id={`${id}-links`} className="edit-block__popover" hidden={!open}>
        <ul className="edit-block__links">
          <li>
            <Link to={block.builder_url} preventScrollReset onClick={() => setOpen(false)}>
              Edit with page builder
            </Link>
          </li>
          <li>
            <Link to={block.editor_url} onClick={() => setOpen(false)}>
              Edit in backend
            </Link>
          </li>
        </ul>
      </div>
    </div>
  );
}
