//! The tooltip bubble, a separate chunk loaded on the first hover (tooltip.tsx): rendered in
//! <body> at a fixed position above its trigger, or below when there is no room above, and
//! kept inside the window.

import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const GAP = 8;
const MARGIN = 8;

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface TooltipPosition {
  top: number;
  left: number;
  placement: 'top' | 'bottom';
}

/** Above the anchor, centred, unless it would leave the window; always inside it horizontally. */
export function placeTooltip(anchor: Box, bubble: Pick<Box, 'width' | 'height'>, viewportWidth: number): TooltipPosition {
  const above = anchor.top - GAP - bubble.height;
  const placement = above >= MARGIN ? 'top' : 'bottom';
  const top = placement === 'top' ? above : anchor.top + anchor.height + GAP;
  const centred = anchor.left + anchor.width / 2 - bubble.width / 2;
  const left = Math.min(Math.max(MARGIN, centred), Math.max(MARGIN, viewportWidth - MARGIN - bubble.width));
  return { top: Math.round(top), left: Math.round(left), placement };
}

interface TooltipBubbleProps {
  id: string;
  text: string;
  anchorRef: RefObject<HTMLElement | null>;
  visible: boolean;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
}

export default function TooltipBubble({ id, text, anchorRef, visible, onPointerEnter, onPointerLeave }: TooltipBubbleProps) {
  const bubbleRef = useRef<HTMLSpanElement>(null);
  const [position, setPosition] = useState<TooltipPosition | null>(null);

  useLayoutEffect(() => {
    const anchor = anchorRef.current;
    const bubble = bubbleRef.current;
    if (!visible || !anchor || !bubble) return;
    setPosition(placeTooltip(anchor.getBoundingClientRect(), bubble.getBoundingClientRect(), document.documentElement.clientWidth));
  }, [visible, text, anchorRef]);

  return createPortal(
    <span
      ref={bubbleRef}
      id={id}
      role="tooltip"
      className="tooltip"
      data-visible={visible && position !== null}
      data-placement={position?.placement}
      style={position ? { top: position.top, left: position.left } : undefined}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
    >
      {text}
    </span>,
    document.body,
  );
}
