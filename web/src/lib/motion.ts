//! Whether the visitor asked for less motion (prefers-reduced-motion), for behaviours that
//! animate from script; CSS animations are shortened globally in styles/layout.css.

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function prefersReducedMotion(win: Pick<Window, 'matchMedia'> | undefined = globalThis.window): boolean {
  return win?.matchMedia?.(REDUCED_MOTION_QUERY).matches ?? false;
}
