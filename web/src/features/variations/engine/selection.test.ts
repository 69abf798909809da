//! Tests of choosing, clearing and pruning choices.

import { asLookup, formData } from '../fixtures/build';
import { COLOR, hoodie, hoodieVariations, LOGO, SIZE, vneck } from '../fixtures/samples';
import {
  choose,
  chosenCount,
  clearSelection,
  emptySelection,
  isComplete,
  normalizeSelection,
  selectionKey,
  showClear,
} from './selection';
import { buildIndex } from './variation-index';

const index = buildIndex(hoodie());
const none = emptySelection(index);

describe('selection', () => {
  it('starts with every attribute present and nothing chosen', () => {
    expect(none).toEqual({ [COLOR]: '', [LOGO]: '' });
    expect(chosenCount(index, none)).toBe(0);
  });

  it('choosing a value records it and leaves the others as they were', () => {
    const next = choose(index, none, COLOR, 'Blue');
    expect(next).toEqual({ [COLOR]: 'Blue', [LOGO]: '' });
    expect(none[COLOR]).toBe('');
  });

  it('choosing "" clears that attribute only', () => {
    const both = choose(index, choose(index, none, COLOR, 'Blue'), LOGO, 'Yes');
    expect(choose(index, both, LOGO, '')).toEqual({ [COLOR]: 'Blue', [LOGO]: '' });
  });

  it('a chosen value that becomes invalid is cleared (Red is cleared when Logo=Yes is chosen)', () => {
    const red = choose(index, none, COLOR, 'Red');
    expect(choose(index, red, LOGO, 'Yes')).toEqual({ [COLOR]: '', [LOGO]: 'Yes' });
  });

  it('a chosen value that stays valid is kept (Blue stays when Logo=Yes is chosen)', () => {
    const blue = choose(index, none, COLOR, 'Blue');
    expect(choose(index, blue, LOGO, 'Yes')).toEqual({ [COLOR]: 'Blue', [LOGO]: 'Yes' });
  });

  it('switching a value keeps compatible choices (Logo=No stays when switching Red to Green)', () => {
    const redNo = choose(index, choose(index, none, COLOR, 'Red'), LOGO, 'No');
    expect(choose(index, redNo, COLOR, 'Green')).toEqual({ [COLOR]: 'Green', [LOGO]: 'No' });
  });

  it('invalid choices are cleared the same way in lookup mode from the availability map', () => {
    const lookup = buildIndex(asLookup(hoodie()));
    const red = choose(lookup, emptySelection(lookup), COLOR, 'Red');
    expect(choose(lookup, red, LOGO, 'Yes')).toEqual({ [COLOR]: '', [LOGO]: 'Yes' });
  });

  it('an out-of-stock value is kept only when out-of-stock options are clickable', () => {
    const variations = hoodieVariations.map((v) =>
      v.attributes[COLOR] === 'Green' ? { ...v, is_in_stock: false } : v,
    );
    const data = formData(45, hoodie().attributes, variations);
    const clickable = buildIndex(data);
    const blocked = buildIndex({ ...data, clickable_out_of_stock: false });
    expect(choose(clickable, emptySelection(clickable), COLOR, 'Green')[COLOR]).toBe('Green');
    expect(choose(blocked, emptySelection(blocked), COLOR, 'Green')[COLOR]).toBe('');
  });

  it('unknown attributes or values leave the selection unchanged', () => {
    expect(choose(index, none, 'attribute_size', 'Large')).toBe(none);
    expect(choose(index, none, COLOR, 'Purple')).toBe(none);
  });

  it('Clear empties every choice', () => {
    const both = choose(index, choose(index, none, COLOR, 'Blue'), LOGO, 'Yes');
    expect(clearSelection(index)).toEqual(none);
    expect(chosenCount(index, clearSelection(index))).toBe(0);
    expect(chosenCount(index, both)).toBe(2);
  });

  it('the Clear link shows only when something is chosen', () => {
    expect(showClear(index, none)).toBe(false);
    expect(showClear(index, choose(index, none, LOGO, 'No'))).toBe(true);
  });

  it('is complete only when every attribute is chosen', () => {
    const blue = choose(index, none, COLOR, 'Blue');
    expect(isComplete(index, none)).toBe(false);
    expect(isComplete(index, blue)).toBe(false);
    expect(isComplete(index, choose(index, blue, LOGO, 'No'))).toBe(true);
  });

  it('a form without attributes is never complete', () => {
    const bare = buildIndex(formData(1, [], []));
    expect(isComplete(bare, emptySelection(bare))).toBe(false);
  });

  it('initial choices drop unknown keys and values', () => {
    expect(normalizeSelection(index, { [COLOR]: 'Purple', attribute_size: 'Large', [LOGO]: 'No' })).toEqual({
      [COLOR]: '',
      [LOGO]: 'No',
    });
  });

  it('initial choices that conflict keep the earlier attribute (Red+Yes → Red)', () => {
    expect(normalizeSelection(index, { [COLOR]: 'Red', [LOGO]: 'Yes' })).toEqual({ [COLOR]: 'Red', [LOGO]: '' });
  });

  it('initial choices that fit together are all kept (V-Neck Blue + Small)', () => {
    const v = buildIndex(vneck());
    expect(normalizeSelection(v, { [COLOR]: 'Blue', [SIZE]: 'Small' })).toEqual({ [COLOR]: 'Blue', [SIZE]: 'Small' });
  });

  it('the selection key identifies a selection by its values in form order', () => {
    const a = choose(index, none, COLOR, 'Blue');
    expect(selectionKey(index, a)).toBe(selectionKey(index, { [LOGO]: '', [COLOR]: 'Blue' }));
    expect(selectionKey(index, a)).not.toBe(selectionKey(index, none));
  });
});
