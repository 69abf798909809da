//! The index against a naive scan on a generated 2,000 × 3 product.

import type { Variation, VariationsFormData } from '@/lib/api/types';
import { asLookup } from '../fixtures/build';
import { generatedProduct, seeded } from '../fixtures/generated';
import { attributesMatch } from './matching';
import { type OptionState, optionStates } from './option-states';
import { resolveSelection } from './resolve';
import { choose, emptySelection, type Selection } from './selection';
import { buildIndex } from './variation-index';

const buyable = (v: Variation): boolean =>
  v.is_in_stock && v.is_purchasable && v.variation_is_active && v.variation_is_visible;

/** The naive per-option scan the index replaces, written straight from the rules. */
function naiveStates(data: VariationsFormData, selection: Selection): Record<string, Record<string, OptionState>> {
  const variations = data.product_variations ?? [];
  return Object.fromEntries(
    data.attributes.map((attr) => {
      const others = { ...selection, [attr.key]: '' };
      const rows = attr.options.map((value) => {
        const matching = variations.filter((v) => attributesMatch(v.attributes, { ...others, [attr.key]: value }));
        const state: OptionState =
          matching.length === 0 ? 'disabled' : matching.some(buyable) ? 'enabled' : 'out_of_stock';
        return [value, state] as const;
      });
      return [attr.key, Object.fromEntries(rows)];
    }),
  );
}

function asRecord(states: ReturnType<typeof optionStates>) {
  return Object.fromEntries([...states].map(([key, row]) => [key, Object.fromEntries(row)]));
}

/** Random partial and full selections (chosen freely, so conflicts and no-matches occur). */
function randomSelections(data: VariationsFormData, n: number): Selection[] {
  const random = seeded(7);
  return Array.from({ length: n }, () =>
    Object.fromEntries(
      data.attributes.map((a) => {
        const pick = Math.floor(random() * (a.options.length + 1));
        return [a.key, a.options[pick] ?? ''];
      }),
    ),
  );
}

describe('a generated product with 2,000 variations × 3 attributes', () => {
  const data = generatedProduct();
  const preloaded = buildIndex(data);
  const lookup = buildIndex(asLookup(data));
  const selections = randomSelections(data, 40);

  it('indexes every variation', () => {
    expect(preloaded.size).toBe(2000);
    expect(lookup.size).toBe(2000);
  });

  // The naive scan is slow by design (40 × 2,000 × every option): room for a loaded machine.
  it('option states equal the naive scan for random selections', () => {
    for (const selection of selections) {
      expect(asRecord(optionStates(preloaded, selection))).toEqual(naiveStates(data, selection));
    }
  }, 30_000);

  it('option states from the availability map equal those from full variations', () => {
    for (const selection of selections) {
      expect(asRecord(optionStates(lookup, selection))).toEqual(asRecord(optionStates(preloaded, selection)));
    }
  });

  it('the found variation is the first the naive scan matches', () => {
    const variations = data.product_variations ?? [];
    const complete = selections.filter((s) => Object.values(s).every((v) => v !== ''));
    expect(complete.length).toBeGreaterThan(10);
    for (const selection of complete) {
      const expected = variations.find((v) => attributesMatch(v.attributes, selection));
      const result = resolveSelection(preloaded, selection);
      if (expected) expect(result).toEqual({ kind: 'found', variation: expected });
      else expect(result).toEqual({ kind: 'no_match' });
    }
  });

  it('some random full selections match and some do not, so both paths are exercised', () => {
    const kinds = new Set(selections.map((s) => resolveSelection(preloaded, s).kind));
    expect(kinds).toEqual(new Set(['incomplete', 'found', 'no_match']));
  });

  it('choosing through the engine always yields an all-selectable, matching selection', () => {
    for (const target of selections) {
      let selection = emptySelection(preloaded);
      for (const [key, value] of Object.entries(target)) selection = choose(preloaded, selection, key, value);
      const states = optionStates(preloaded, selection);
      for (const [key, value] of Object.entries(selection)) {
        if (value !== '') expect(states.get(key)?.get(value)).not.toBe('disabled');
      }
      expect(resolveSelection(preloaded, selection).kind).not.toBe('no_match');
    }
  });
});
