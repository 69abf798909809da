//! Tests of the roving-tabindex arithmetic.

import { arrowDirection, nextSelectable, tabStop } from './roving';

const options = ['Blue', 'Green', 'Red', 'White'];
const all = () => true;

describe('roving tabindex', () => {
  it('right/down move forward, left/up move back, other keys are not handled', () => {
    expect(['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'Tab'].map(arrowDirection)).toEqual([1, 1, -1, -1, 0]);
  });

  it('moves to the neighbour and wraps at both ends', () => {
    expect(nextSelectable(options, all, 'Blue', 1)).toBe('Green');
    expect(nextSelectable(options, all, 'White', 1)).toBe('Blue');
    expect(nextSelectable(options, all, 'Blue', -1)).toBe('White');
  });

  it('skips options that cannot be chosen', () => {
    expect(nextSelectable(options, (o) => o !== 'Green' && o !== 'Red', 'Blue', 1)).toBe('White');
  });

  it('returns null when no other option can be chosen', () => {
    expect(nextSelectable(options, (o) => o === 'Blue', 'Blue', 1)).toBeNull();
  });

  it('moves from an option that is not itself selectable', () => {
    expect(nextSelectable(options, (o) => o !== 'Green', 'Green', 1)).toBe('Red');
  });

  it('the tab stop is the checked option, else the first selectable one', () => {
    expect(tabStop(options, all, 'Red')).toBe('Red');
    expect(tabStop(options, (o) => o !== 'Blue', '')).toBe('Green');
    expect(tabStop(options, () => false, '')).toBeNull();
  });
});
