//! A modal dialog over the page: the rest of the page inert and unscrollable while it is open,
//! focus moved in on open and kept inside (Tab wraps), Escape closes, focus handed back on close.
//! After closing it stays 300 ms to fade out, then it is removed (spec §9 popup removal delay).

import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import './modal-dialog.css';

export const POPUP_REMOVAL_DELAY_MS = 300;

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

function focusablesIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden], [inert]'));
}

export interface ModalDialogProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's name: `label` (aria-label) or the id of a heading inside (`labelledBy`). */
  label?: string;
  labelledBy?: string;
  /** Extra class on the outer layer (`modal--fullscreen` for a lightbox). */
  className?: string;
  /** Focused on open; default the first focusable element inside. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Focused again on close; default whatever had focus when the dialog opened. */
  returnFocus?: HTMLElement | null;
  /** Keys the content handles itself (a lightbox's arrows); Escape and Tab are the dialog's. */
  onKeyDown?: (event: KeyboardEvent) => void;
  children: ReactNode;
}

/** Mounted while open and for `exitMs` after, so a closing animation can run. */
export function usePresence(open: boolean, exitMs: number): boolean {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  useEffect(() => {
    if (open || !mounted) return;
    const timer = window.setTimeout(() => setMounted(false), exitMs);
    return () => window.clearTimeout(timer);
  }, [open, mounted, exitMs]);
  return mounted;
}

/** While open: every other child of <body> inert, the page's scrolling locked without reflow. */
function useIsolate(open: boolean, layer: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const own = layer.current;
    const madeInert = Array.from(document.body.children).filter((el): el is HTMLElement => el instanceof HTMLElement && el !== own && !el.inert);
    madeInert.forEach((el) => (el.inert = true));
    const html = document.documentElement;
    const previous = { overflow: html.style.overflow, gutter: html.style.scrollbarGutter };
    // A scrollbar that takes room keeps it, so nothing behind the dialog moves sideways.
    if (window.innerWidth > html.clientWidth) html.style.scrollbarGutter = 'stable';
    html.style.overflow = 'hidden';
    return () => {
      madeInert.forEach((el) => (el.inert = false));
      html.style.overflow = previous.overflow;
      html.style.scrollbarGutter = previous.gutter;
    };
  }, [open, layer]);
}

export function ModalDialog({ open, onClose, label, labelledBy, className, initialFocus, returnFocus, onKeyDown, children }: ModalDialogProps) {
  const mounted = usePresence(open, POPUP_REMOVAL_DELAY_MS);
  const layer = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // The latest props, read by listeners that live as long as the dialog is open.
  const latest = useRef({ onClose, onKeyDown, initialFocus, returnFocus });
  useEffect(() => {
    latest.current = { onClose, onKeyDown, initialFocus, returnFocus };
  });

  useIsolate(open && mounted, layer);

  useEffect(() => {
    const node = panel.current;
    if (!open || !node) return;
    const { initialFocus: first, returnFocus: back } = latest.current;
    const previous = back ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    (first?.current ?? focusablesIn(node)[0] ?? node).focus();

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        // Handled here: a mini cart listening on the document leaves it alone.
        event.preventDefault();
        latest.current.onClose();
        return;
      }
      if (event.key === 'Tab') {
        const items = focusablesIn(node);
        const firstItem = items[0];
        const lastItem = items[items.length - 1];
        if (!firstItem || !lastItem) {
          event.preventDefault();
          return;
        }
        const active = document.activeElement;
        if (event.shiftKey && (active === firstItem || active === node)) {
          event.preventDefault();
          lastItem.focus();
        } else if (!event.shiftKey && active === lastItem) {
          event.preventDefault();
          firstItem.focus();
        }
        return;
      }
      latest.current.onKeyDown?.(event);
    };
    // Focus that escapes anyway (a script, a click on the page chrome) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !node.contains(event.target)) (focusablesIn(node)[0] ?? node).focus();
    };
    node.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      node.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, [open, mounted]);

  if (!mounted) return null;
  return createPortal(
    <div ref={layer} className={['modal', className].filter(Boolean).join(' ')} data-state={open ? 'open' : 'closing'} inert={!open}>
      <div className="modal__backdrop" aria-hidden="true" onClick={onClose} />
      <div ref={panel} role="dialog" aria-modal="true" aria-label={label} aria-labelledby={labelledBy} className="modal__panel" tabIndex={-1}>
        {children}
      </div>
    </div>,
    document.body,
  );
}
