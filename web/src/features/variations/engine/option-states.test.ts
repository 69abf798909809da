//! Tests of option states (enabled / disabled / out_of_stock).

import type { VariationsFormData } from '@/lib/api/types';
import { asLookup, attribute, formData, variation } from '../fixtures/build';
import { COLOR, hoodie, LOGO, SIZE, vneck } from '../fixtures/samples';
import { isSelectable, optionStates, stateOf } from './option-states';
import { emptySelection, type Selection } from './selection';
import { buildIndex } from './variation-index';

function statesFor(data: VariationsFormData, chosen: Record<string, string>, key: string) {
  const index = buildIndex(data);
  const selection: Selection = { ...emptySelection(index), ...chosen };
  return Object.fromEntries(optionStates(index, selection).get(key) ?? []);
}

describe('option states', () => {
  it('with nothing chosen every hoodie option is enabled', () => {
    expect(statesFor(hoodie(), {}, COLOR)).toEqual({ Blue: 'enabled', Green: 'enabled', Red: 'enabled' });
    expect(statesFor(hoodie(), {}, LOGO)).toEqual({ Yes: 'enabled', No: 'enabled' });
  });

  it('choosing Logo=Yes disables Red and Green on the hoodie', () => {
    expect(statesFor(hoodie(), { [LOGO]: 'Yes' }, COLOR)).toEqual({
      Blue: 'enabled',
      Green: 'disabled',
      Red: 'disabled',
    });
  });

  it('choosing Color=Red disables Logo=Yes on the hoodie', () => {
    expect(statesFor(hoodie(), { [COLOR]: 'Red' }, LOGO)).toEqual({ Yes: 'disabled', No: 'enabled' });
  });

  it("an attribute's own choice does not constrain its options, so the value can be switched", () => {
    expect(statesFor(hoodie(), { [COLOR]: 'Red', [LOGO]: 'No' }, COLOR)).toEqual({
      Blue: 'enabled',
      Green: 'enabled',
      Red: 'enabled',
    });
  });

  it('the same states come from the availability map alone (lookup mode)', () => {
    expect(statesFor(asLookup(hoodie()), { [LOGO]: 'Yes' }, COLOR)).toEqual({
      Blue: 'enabled',
      Green: 'disabled',
      Red: 'disabled',
    });
  });

  it('every V-Neck size is enabled for every colour because Size is "any"', () => {
    for (const color of ['Blue', 'Green', 'Red']) {
      expect(statesFor(vneck(), { [COLOR]: color }, SIZE)).toEqual({
        Large: 'enabled',
        Medium: 'enabled',
        Small: 'enabled',
      });
    }
  });

  it('a value whose only variations are out of stock is marked out_of_stock', () => {
    const data = hoodie();
    const variations = (data.product_variations ?? []).map((v) =>
      v.attributes[COLOR] === 'Green' ? { ...v, is_in_stock: false } : v,
    );
    const withStock = formData(45, data.attributes, variations);
    expect(statesFor(withStock, {}, COLOR)).toEqual({ Blue: 'enabled', Green: 'out_of_stock', Red: 'enabled' });
    expect(statesFor(asLookup(withStock), {}, COLOR).Green).toBe('out_of_stock');
  });

  it('a value with one in-stock variation among out-of-stock ones stays enabled', () => {
    const data = hoodie();
    const variations = (data.product_variations ?? []).map((v) =>
      v.variation_id === 90 ? { ...v, is_in_stock: false } : v,
    );
    expect(statesFor(formData(45, data.attributes, variations), {}, COLOR).Blue).toBe('enabled');
  });

  it('not purchasable, inactive or invisible variations cannot be bought, like out of stock', () => {
    const attrs = [attribute('Color', ['Blue', 'Green', 'Red'])];
    const variations = [
      variation(1, { [COLOR]: 'Blue' }, { is_purchasable: false }),
      variation(2, { [COLOR]: 'Green' }, { variation_is_active: false }),
      variation(3, { [COLOR]: 'Red' }, { variation_is_visible: false }),
    ];
    expect(statesFor(formData(1, attrs, variations), {}, COLOR)).toEqual({
      Blue: 'out_of_stock',
      Green: 'out_of_stock',
      Red: 'out_of_stock',
    });
  });

  it('an option no variation uses is disabled even with nothing chosen', () => {
    const attrs = [attribute('Color', ['Blue', 'Pink'])];
    const data = formData(1, attrs, [variation(1, { [COLOR]: 'Blue' })]);
    expect(statesFor(data, {}, COLOR)).toEqual({ Blue: 'enabled', Pink: 'disabled' });
  });

  it('without variations or an availability map nothing is disabled (WooCommerce ajax mode)', () => {
    const data = asLookup(hoodie());
    const blind = { ...data, availability: { keys: [], options: [], entries: [] } };
    expect(statesFor(blind, { [LOGO]: 'Yes' }, COLOR)).toEqual({
      Blue: 'enabled',
      Green: 'enabled',
      Red: 'enabled',
    });
  });

  it('an availability map in another attribute order is read by key', () => {
    const data = asLookup(hoodie());
    const { keys, options, entries } = data.availability;
    const swapped = {
      keys: [keys[1] ?? '', keys[0] ?? ''],
      options: [options[1] ?? [], options[0] ?? []],
      entries: entries.map(([id = 0, s = 0, p = 0, c = 0, l = 0]) => [id, s, p, l, c]),
    };
    expect(statesFor({ ...data, availability: swapped }, { [LOGO]: 'Yes' }, COLOR)).toEqual({
      Blue: 'enabled',
      Green: 'disabled',
      Red: 'disabled',
    });
  });

  it('unknown keys or values read as disabled', () => {
    const index = buildIndex(hoodie());
    const states = optionStates(index, emptySelection(index));
    expect(stateOf(states, COLOR, 'Purple')).toBe('disabled');
    expect(stateOf(states, 'attribute_size', 'Large')).toBe('disabled');
  });

  it('enabled options are selectable; out-of-stock ones only with clickable out of stock; disabled never', () => {
    expect(isSelectable('enabled', false)).toBe(true);
    expect(isSelectable('out_of_stock', true)).toBe(true);
    expect(isSelectable('out_of_stock', false)).toBe(false);
    expect(isSelectable('disabled', true)).toBe(false);
  });
});
