//! The shopper's choices and the rules that change them: choose, clear, prune invalid choices.

import { andInto } from './bitset';
import { isSelectable, stateAmong } from './option-states';
import type { VariationIndex } from './variation-index';

/** Attribute key → chosen value; "" = not chosen. Holds every attribute key of the form. */
export type Selection = Readonly<Record<string, string>>;

export function emptySelection(index: VariationIndex): Selection {
  return Object.fromEntries(index.keys.map((key) => [key, '']));
}

/** The reset link: every choice emptied. */
export const clearSelection = emptySelection;

export function chosenCount(index: VariationIndex, selection: Selection): number {
  return index.keys.filter((key) => (selection[key] ?? '') !== '').length;
}

/** All attributes chosen (WooCommerce: attributes.count === attributes.chosenCount). */
export function isComplete(index: VariationIndex, selection: Selection): boolean {
  return index.keys.length > 0 && chosenCount(index, selection) === index.keys.length;
}

/** The "Clear" link shows only when at least one option is chosen. */
export function showClear(index: VariationIndex, selection: Selection): boolean {
  return chosenCount(index, selection) > 0;
}

/**
 * Keep only choices that are selectable together. Attributes are accepted greedily, `first`
 * (the one just chosen) before the rest in form order; a choice that no longer fits the
 * accepted ones is cleared. Every kept choice is then selectable given all the others, because
 * the entry proving the last acceptance matches every accepted choice.
 */
export function pruneSelection(index: VariationIndex, raw: Selection, first?: string): Selection {
  const order = index.keys.map((_, a) => a);
  const firstPos = first === undefined ? -1 : index.keys.indexOf(first);
  if (firstPos > 0) order.unshift(...order.splice(firstPos, 1));
  const cand = index.all.slice();
  const next: Record<string, string> = emptySelection(index);
  for (const a of order) {
    const key = index.keys[a] ?? '';
    const pos = index.optionPos[a]?.get(raw[key] ?? '');
    const option = pos === undefined ? undefined : index.byOption[a]?.[pos];
    if (!option) continue;
    if (!isSelectable(stateAmong(index, cand, option), index.clickableOutOfStock)) continue;
    andInto(cand, option);
    next[key] = raw[key] ?? '';
  }
  return next;
}

/**
 * Choose `value` for `key` ("" clears that attribute). The new choice wins: other choices that
 * become invalid are cleared. Unknown keys or values leave the selection unchanged.
 */
export function choose(
  index: VariationIndex,
  selection: Selection,
  key: string,
  value: string,
): Selection {
  const a = index.keys.indexOf(key);
  if (a < 0 || (value !== '' && !index.optionPos[a]?.has(value))) return selection;
  return pruneSelection(index, { ...selection, [key]: value }, key);
}

/** Initial choices (defaults, the address): unknown keys/values dropped, conflicts pruned. */
export function normalizeSelection(
  index: VariationIndex,
  raw: Readonly<Record<string, string | undefined>>,
): Selection {
  const known: Record<string, string> = {};
  for (const key of index.keys) known[key] = raw[key] ?? '';
  return pruneSelection(index, known);
}

/** Stable identity of a selection, for caching lookups and comparing states. */
export function selectionKey(index: VariationIndex, selection: Selection): string {
  return JSON.stringify(index.keys.map((key) => selection[key] ?? ''));
}
