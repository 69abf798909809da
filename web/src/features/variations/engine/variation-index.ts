//! Precomputed per-option bitsets over variation entries, built once per form.

import type { AvailabilityMap, Variation, VariationsFormData } from '@/lib/api/types';
import { type Bitset, emptyBitset, fullBitset, setBit } from './bitset';

export interface VariationIndex {
  readonly productId: number;
  /** Attribute keys in form order ("attribute_color", ...). */
  readonly keys: readonly string[];
  /** Options per attribute, parallel to `keys`. */
  readonly options: readonly (readonly string[])[];
  readonly optionPos: readonly ReadonlyMap<string, number>[];
  /** Number of entries (variations). */
  readonly size: number;
  /** Variation id per entry. */
  readonly ids: readonly number[];
  /** Full variations parallel to entries when preloaded; null in lookup mode. */
  readonly variations: readonly Variation[] | null;
  /** byOption[a][o]: entries whose attribute `a` is option `o` or "any". */
  readonly byOption: readonly (readonly Bitset[])[];
  /** Entries that can be bought: in stock, purchasable (and active and visible when known). */
  readonly buyable: Bitset;
  readonly all: Bitset;
  /** False when nothing is known about availability: then nothing is ever disabled. */
  readonly constrained: boolean;
  readonly clickableOutOfStock: boolean;
}

interface Entry {
  id: number;
  buyable: boolean;
  /** Option position per attribute: -1 = any, -2 = a value outside the option list. */
  pos: number[];
}

const ANY = -1;
const UNKNOWN = -2;

function positionOf(optionPos: ReadonlyMap<string, number>, value: string | undefined): number {
  if (value === undefined || value === '') return ANY;
  return optionPos.get(value) ?? UNKNOWN;
}

function entriesFromVariations(
  variations: readonly Variation[],
  keys: readonly string[],
  optionPos: readonly ReadonlyMap<string, number>[],
): Entry[] {
  return variations.map((v) => ({
    id: v.variation_id,
    buyable: v.is_in_stock && v.is_purchasable && v.variation_is_active && v.variation_is_visible,
    pos: keys.map((key, a) => positionOf(optionPos[a] ?? new Map(), v.attributes[key])),
  }));
}

function entriesFromAvailability(
  map: AvailabilityMap,
  keys: readonly string[],
  optionPos: readonly ReadonlyMap<string, number>[],
): Entry[] {
  const column = keys.map((key) => map.keys.indexOf(key));
  return map.entries.map((row) => ({
    id: row[0] ?? 0,
    buyable: row[1] === 1 && row[2] === 1,
    pos: column.map((c, a) => {
      if (c < 0) return ANY;
      const raw = row[3 + c] ?? ANY;
      if (raw < 0) return ANY;
      return positionOf(optionPos[a] ?? new Map(), map.options[c]?.[raw]);
    }),
  }));
}

/** Index the form's variations: from `product_variations` when embedded, else `availability`. */
export function buildIndex(data: VariationsFormData): VariationIndex {
  const keys = data.attributes.map((a) => a.key);
  const options = data.attributes.map((a) => a.options);
  const optionPos = options.map((opts) => new Map(opts.map((o, i) => [o, i] as const)));
  const variations = data.product_variations;
  const entries = variations
    ? entriesFromVariations(variations, keys, optionPos)
    : entriesFromAvailability(data.availability, keys, optionPos);
  const size = entries.length;
  const byOption = options.map((opts) => opts.map(() => emptyBitset(size)));
  const buyable = emptyBitset(size);
  entries.forEach((entry, e) => {
    if (entry.buyable) setBit(buyable, e);
    entry.pos.forEach((pos, a) => {
      const row = byOption[a] ?? [];
      if (pos === ANY) row.forEach((bits) => setBit(bits, e));
      const bits = row[pos];
      if (bits) setBit(bits, e);
    });
  });
  return {
    productId: data.product_id,
    keys,
    options,
    optionPos,
    size,
    ids: entries.map((e) => e.id),
    variations,
    byOption,
    buyable,
    all: fullBitset(size),
    constrained: variations !== null || size > 0 || data.total_children === 0,
    clickableOutOfStock: data.clickable_out_of_stock,
  };
}
