//! Fixed-size bitsets over variation entries, the building block of the option index.

/** One bit per variation entry, packed into 32-bit words. */
export type Bitset = Uint32Array;

export function wordCount(size: number): number {
  return Math.ceil(size / 32);
}

export function emptyBitset(size: number): Bitset {
  return new Uint32Array(wordCount(size));
}

/** Every entry set (bits past `size` stay clear so counts and scans stay exact). */
export function fullBitset(size: number): Bitset {
  const bits = emptyBitset(size);
  bits.fill(0xffffffff);
  const tail = size % 32;
  if (tail !== 0) bits[bits.length - 1] = (1 << tail) - 1;
  return bits;
}

export function setBit(bits: Bitset, i: number): void {
  bits[i >>> 5] = (bits[i >>> 5] ?? 0) | (1 << (i & 31));
}

export function hasBit(bits: Bitset, i: number): boolean {
  return ((bits[i >>> 5] ?? 0) & (1 << (i & 31))) !== 0;
}

/** target &= other, in place. */
export function andInto(target: Bitset, other: Bitset): void {
  for (let w = 0; w < target.length; w++) target[w] = (target[w] ?? 0) & (other[w] ?? 0);
}

/** Whether a ∧ b has any bit set, without allocating. */
export function intersects(a: Bitset, b: Bitset): boolean {
  for (let w = 0; w < a.length; w++) if (((a[w] ?? 0) & (b[w] ?? 0)) !== 0) return true;
  return false;
}

/** Whether a ∧ b ∧ c has any bit set, without allocating. */
export function intersects3(a: Bitset, b: Bitset, c: Bitset): boolean {
  for (let w = 0; w < a.length; w++) {
    if (((a[w] ?? 0) & (b[w] ?? 0) & (c[w] ?? 0)) !== 0) return true;
  }
  return false;
}

/** Lowest set bit of a ∧ b (entry order = the server's variation order), or -1. */
export function firstCommonBit(a: Bitset, b: Bitset): number {
  for (let w = 0; w < a.length; w++) {
    const word = (a[w] ?? 0) & (b[w] ?? 0);
    if (word !== 0) return w * 32 + (31 - Math.clz32(word & -word));
  }
  return -1;
}

/** Lowest set bit, or -1. */
export function firstBit(bits: Bitset): number {
  return firstCommonBit(bits, bits);
}
