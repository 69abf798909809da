//! A tooltip whose bubble, and the script that places it, load on the first hover or keyboard
//! focus (spec §4: tooltips load on first hover): until then the page carries only the trigger.
//! Shown on mouse hover and keyboard focus; hoverable, and Escape dismisses it (WCAG 1.4.13).

import { lazy, Suspense, useEffect, useId, useRef, useState, type FocusEvent, type PointerEvent, type ReactNode } from 'react';

const TooltipBubble = lazy(() => import('./tooltip-bubble'));

/** Moving from the trigger to the bubble (or back) within this keeps it open. */
const HIDE_DELAY_MS = 100;

export interface TooltipTriggerProps {
  ref: (element: HTMLElement | null) => void;
  onPointerEnter: (event: PointerEvent) => void;
  onPointerLeave: () => void;
  onFocus: (event: FocusEvent) => void;
  onBlur: () => void;
  'aria-describedby'?: string;
}

interface TooltipProps {
  text: string;
  /** False when the text repeats the trigger's accessible name (icon buttons): not a description. */
  describe?: boolean;
  children: (trigger: TooltipTriggerProps) => ReactNode;
}

export function Tooltip({ text, describe = true, children }: TooltipProps) {
  const id = useId();
  const anchorRef = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [visible, setVisible] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelHide = () => {
    if (hideTimer.current !== null) clearTimeout(hideTimer.current);
    hideTimer.current = null;
  };
  const show = () => {
    cancelHide();
    setLoaded(true);
    setVisible(true);
  };
  const hide = () => {
    cancelHide();
    setVisible(false);
  };
  const hideSoon = () => {
    cancelHide();
    hideTimer.current = setTimeout(hide, HIDE_DELAY_MS);
  };

  useEffect(() => cancelHide, []);
  useEffect(() => {
    if (!visible) return;
    const dismiss = () => setVisible(false);
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && dismiss();
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('scroll', dismiss, { passive: true });
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('scroll', dismiss);
    };
  }, [visible]);

  const trigger: TooltipTriggerProps = {
    ref: (element) => {
      anchorRef.current = element;
    },
    // A tap is not a hover: touch shows nothing (the control acts at once).
    onPointerEnter: (event) => event.pointerType !== 'touch' && show(),
    onPointerLeave: hideSoon,
    // Keyboard focus only; the focus a click or tap gives does not pop a bubble.
    onFocus: (event) => {
      if (event.currentTarget.matches(':focus-visible')) show();
    },
    onBlur: hide,
    'aria-describedby': describe && loaded ? id : undefined,
  };

  return (
    <>
      {children(trigger)}
      {loaded && (
        <Suspense fallback={null}>
          <TooltipBubble id={id} text={text} anchorRef={anchorRef} visible={visible} onPointerEnter={cancelHide} onPointerLeave={hideSoon} />
        </Suspense>
      )}
    </>
  );
}
