import { describe, expect, it } from 'vitest';
import { dropdownShift, type DropdownGeometry } from './dropdown-placement';

const wide: DropdownGeometry = { containerLeft: 40, containerWidth: 1200, viewportWidth: 1280, dropdownLeft: 100, dropdownWidth: 220 };

describe('dropdownShift', () => {
  it('leaves a dropdown that fits where it is', () => {
    expect(dropdownShift(wide)).toBe(0);
    expect(dropdownShift({ ...wide, dropdownLeft: 1020 })).toBe(0); // ends exactly at 1240
  });

  it('moves a dropdown that would pass the container right edge back inside', () => {
    expect(dropdownShift({ ...wide, dropdownLeft: 1100 })).toBe(-80);
  });

  it('measures against at least 750 px when the container is narrower', () => {
    const narrow = { ...wide, containerWidth: 600, viewportWidth: 1280 };
    expect(dropdownShift({ ...narrow, dropdownLeft: 500 })).toBe(0); // 720 ≤ 40 + 750
    expect(dropdownShift({ ...narrow, dropdownLeft: 600 })).toBe(-30);
  });

  it('never passes the window right edge', () => {
    expect(dropdownShift({ containerLeft: 0, containerWidth: 700, viewportWidth: 700, dropdownLeft: 600, dropdownWidth: 220 })).toBe(-120);
  });

  it('never moves left of the container, even for a dropdown wider than its box', () => {
    expect(dropdownShift({ ...wide, containerWidth: 800, viewportWidth: 840, dropdownLeft: 90, dropdownWidth: 900 })).toBe(-50);
  });
});
