import { describe, expect, it } from 'vitest';
import { nextStickyState, type StickyInput } from './sticky-header-state';

// A header 120 px tall under a 40 px store notice: its place spans 40–160.
const base: StickyInput = { state: 'normal', y: 0, lastY: 0, top: 40, height: 120, hideOnScroll: false, pinned: false };
const next = (input: Partial<StickyInput>) => nextStickyState({ ...base, ...input });

describe('sticky header without hide-on-scroll', () => {
  it('stays in flow until the page has scrolled past the header bottom', () => {
    expect(next({ y: 0 })).toBe('normal');
    expect(next({ y: 100, lastY: 0 })).toBe('normal');
    expect(next({ y: 160, lastY: 100 })).toBe('normal');
  });

  it('sticks one pixel past the header bottom', () => {
    expect(next({ y: 161, lastY: 160 })).toBe('stuck');
  });

  it('stays stuck on scrolling up until the header place is back, then goes back to normal', () => {
    expect(next({ state: 'stuck', y: 120, lastY: 400 })).toBe('stuck');
    expect(next({ state: 'stuck', y: 41, lastY: 120 })).toBe('stuck');
    expect(next({ state: 'stuck', y: 40, lastY: 41 })).toBe('normal');
    expect(next({ state: 'stuck', y: 0, lastY: 300 })).toBe('normal');
  });

  it('never hides, whichever way the page scrolls', () => {
    expect(next({ state: 'stuck', y: 900, lastY: 500 })).toBe('stuck');
    expect(next({ state: 'stuck', y: 500, lastY: 900 })).toBe('stuck');
  });
});

describe('sticky header with hide-on-scroll', () => {
  const hide = (input: Partial<StickyInput>) => next({ hideOnScroll: true, ...input });

  it('goes from in flow straight to hidden when crossing the threshold downwards', () => {
    expect(hide({ y: 300, lastY: 100 })).toBe('hidden');
  });

  it('hides while scrolling down and shows on scrolling up', () => {
    expect(hide({ state: 'stuck', y: 800, lastY: 600 })).toBe('hidden');
    expect(hide({ state: 'hidden', y: 1000, lastY: 800 })).toBe('hidden');
    expect(hide({ state: 'hidden', y: 900, lastY: 1000 })).toBe('stuck');
    expect(hide({ state: 'stuck', y: 700, lastY: 900 })).toBe('stuck');
  });

  it('ignores movements within the tolerance', () => {
    expect(hide({ state: 'stuck', y: 803, lastY: 800 })).toBe('stuck');
    expect(hide({ state: 'hidden', y: 797, lastY: 800 })).toBe('hidden');
  });

  it('shows a page restored below the threshold, then hides on the next scroll down', () => {
    expect(hide({ state: 'normal', y: 900, lastY: 900 })).toBe('stuck');
    expect(hide({ state: 'stuck', y: 1000, lastY: 900 })).toBe('hidden');
  });

  it('stays visible while the keyboard focus or an open menu is inside it', () => {
    expect(hide({ state: 'stuck', y: 800, lastY: 600, pinned: true })).toBe('stuck');
    expect(hide({ state: 'hidden', y: 1000, lastY: 800, pinned: true })).toBe('stuck');
  });

  it('shows a hidden header whose own place comes into view, and puts it back in flow at its top', () => {
    expect(hide({ state: 'hidden', y: 150, lastY: 170 })).toBe('stuck');
    expect(hide({ state: 'hidden', y: 30, lastY: 900 })).toBe('normal');
  });
});
