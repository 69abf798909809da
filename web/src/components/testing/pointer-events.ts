//! Test helper: jsdom has no PointerEvent; this minimal one carries pointerType and pointerId
//! (test-only), so fireEvent.pointer*(el, { pointerType, pointerId, clientX, clientY }) works.

export class TestPointerEvent extends MouseEvent {
  readonly pointerType: string;
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerType = init.pointerType ?? 'mouse';
    this.pointerId = init.pointerId ?? 1;
  }
}

export function installPointerEvent(): void {
  if (typeof window.PointerEvent === 'function') return;
  window.PointerEvent = TestPointerEvent as unknown as typeof PointerEvent;
}
