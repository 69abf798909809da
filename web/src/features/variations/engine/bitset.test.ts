//! Tests of the entry bitsets.

import {
  andInto,
  emptyBitset,
  firstBit,
  firstCommonBit,
  fullBitset,
  hasBit,
  intersects,
  intersects3,
  setBit,
} from './bitset';

describe('bitset', () => {
  it('a full bitset sets exactly `size` bits, leaving the tail of the last word clear', () => {
    const bits = fullBitset(33);
    expect(bits.length).toBe(2);
    expect(hasBit(bits, 32)).toBe(true);
    expect(bits[1]).toBe(1);
  });

  it('a full bitset of a multiple of 32 fills every word', () => {
    expect([...fullBitset(64)]).toEqual([0xffffffff, 0xffffffff]);
  });

  it('sets and reads bits across word boundaries', () => {
    const bits = emptyBitset(100);
    setBit(bits, 0);
    setBit(bits, 31);
    setBit(bits, 99);
    expect([0, 31, 99].map((i) => hasBit(bits, i))).toEqual([true, true, true]);
    expect(hasBit(bits, 32)).toBe(false);
  });

  it('and-into keeps only common bits', () => {
    const a = emptyBitset(70);
    const b = emptyBitset(70);
    [1, 40, 69].forEach((i) => setBit(a, i));
    [40, 69, 2].forEach((i) => setBit(b, i));
    andInto(a, b);
    expect([1, 2, 40, 69].map((i) => hasBit(a, i))).toEqual([false, false, true, true]);
  });

  it('intersection tests see a shared bit in any word and nothing otherwise', () => {
    const a = emptyBitset(70);
    const b = emptyBitset(70);
    const c = emptyBitset(70);
    setBit(a, 65);
    setBit(b, 65);
    expect(intersects(a, b)).toBe(true);
    expect(intersects3(a, b, c)).toBe(false);
    setBit(c, 65);
    expect(intersects3(a, b, c)).toBe(true);
    expect(intersects(a, emptyBitset(70))).toBe(false);
  });

  it('finds the lowest set bit, or -1 when empty', () => {
    const a = emptyBitset(96);
    expect(firstBit(a)).toBe(-1);
    setBit(a, 95);
    setBit(a, 33);
    expect(firstBit(a)).toBe(33);
    const b = emptyBitset(96);
    setBit(b, 95);
    expect(firstCommonBit(a, b)).toBe(95);
  });

  it('bit 31 (the sign bit of a word) is found like any other', () => {
    const a = emptyBitset(32);
    setBit(a, 31);
    expect(firstBit(a)).toBe(31);
  });
});
