//! Per-option state given the other choices: enabled, disabled (no variation) or out of stock.

import { andInto, type Bitset, intersects, intersects3 } from './bitset';
import type { Selection } from './selection';
import type { VariationIndex } from './variation-index';

/**
 * enabled: some matching variation can be bought; out_of_stock: variations match but none can be
 * bought (marked "no-stock"); disabled: no variation matches given the other choices.
 */
export type OptionState = 'enabled' | 'disabled' | 'out_of_stock';

/** attribute key → option value → state. */
export type OptionStates = ReadonlyMap<string, ReadonlyMap<string, OptionState>>;

/** Option position chosen per attribute, -1 when nothing (or nothing known) is chosen. */
export function chosenPositions(index: VariationIndex, selection: Selection): number[] {
  return index.keys.map((key, a) => index.optionPos[a]?.get(selection[key] ?? '') ?? -1);
}

/** Entries matching every choice except attribute `skip` (-1 = skip none). */
export function candidates(index: VariationIndex, chosen: readonly number[], skip: number): Bitset {
  const bits = index.all.slice();
  chosen.forEach((pos, b) => {
    const option = index.byOption[b]?.[pos];
    if (b !== skip && pos >= 0 && option) andInto(bits, option);
  });
  return bits;
}

/** State of one option (its entries `option`) among the candidate entries `cand`. */
export function stateAmong(index: VariationIndex, cand: Bitset, option: Bitset): OptionState {
  if (!index.constrained) return 'enabled';
  if (!intersects(cand, option)) return 'disabled';
  return intersects3(cand, option, index.buyable) ? 'enabled' : 'out_of_stock';
}

/** Whether a shopper may pick an option in this state (spec §4 swatch states). */
export function isSelectable(state: OptionState, clickableOutOfStock: boolean): boolean {
  return state === 'enabled' || (state === 'out_of_stock' && clickableOutOfStock);
}

/**
 * The state of every option. Each attribute is judged against the other attributes' choices
 * only, so a shopper can always switch a chosen value (WooCommerce's update_variation_values).
 */
export function optionStates(index: VariationIndex, selection: Selection): OptionStates {
  const chosen = chosenPositions(index, selection);
  const states = new Map<string, ReadonlyMap<string, OptionState>>();
  index.keys.forEach((key, a) => {
    const cand = candidates(index, chosen, a);
    const row = new Map<string, OptionState>();
    (index.options[a] ?? []).forEach((value, o) => {
      const option = index.byOption[a]?.[o];
      row.set(value, option ? stateAmong(index, cand, option) : 'disabled');
    });
    states.set(key, row);
  });
  return states;
}

/** Lookup helper for renderers; unknown keys or values count as disabled. */
export function stateOf(states: OptionStates, key: string, value: string): OptionState {
  return states.get(key)?.get(value) ?? 'disabled';
}
