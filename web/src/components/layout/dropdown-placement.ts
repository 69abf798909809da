//! Where a header dropdown goes: under its item, moved left just enough to end inside the box it
//! must fit. Spec §9's "dropdown minimum container width 750" sets that box: the menu's container,
//! but never narrower than 750 px (a narrow container does not squeeze dropdowns back against
//! their item), and never past the window's right edge or the container's left edge.

export const DROPDOWN_MIN_CONTAINER_WIDTH = 750;

export interface DropdownGeometry {
  containerLeft: number;
  containerWidth: number;
  viewportWidth: number;
  /** Left edge of the dropdown before any shift, and its width. */
  dropdownLeft: number;
  dropdownWidth: number;
}

/** Horizontal shift in px (zero or negative) that keeps the dropdown inside its box. */
export function dropdownShift(g: DropdownGeometry): number {
  const boxRight = Math.min(g.containerLeft + Math.max(g.containerWidth, DROPDOWN_MIN_CONTAINER_WIDTH), g.viewportWidth);
  const overflow = g.dropdownLeft + g.dropdownWidth - boxRight;
  if (overflow <= 0) return 0;
  return -Math.min(overflow, Math.max(0, g.dropdownLeft - g.containerLeft));
}
