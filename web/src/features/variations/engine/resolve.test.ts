//! Tests of resolving a selection and the no-match notice rule.

import type { VariationsFormData } from '@/lib/api/types';
import { asLookup, attribute, formData, variation } from '../fixtures/build';
import { COLOR, hoodie, LOGO, SIZE, vneck } from '../fixtures/samples';
import { findMatch, resolveSelection, shouldShowNoMatchNotice } from './resolve';
import { emptySelection } from './selection';
import { buildIndex } from './variation-index';

function resolve(data: VariationsFormData, chosen: Record<string, string>) {
  const index = buildIndex(data);
  return resolveSelection(index, { ...emptySelection(index), ...chosen });
}

function foundId(data: VariationsFormData, chosen: Record<string, string>): number | null {
  const r = resolve(data, chosen);
  return r.kind === 'found' ? r.variation.variation_id : null;
}

describe('resolving a selection', () => {
  it('fewer than all chosen is incomplete (the display resets)', () => {
    expect(resolve(hoodie(), { [COLOR]: 'Blue' })).toEqual({ kind: 'incomplete' });
    expect(resolve(hoodie(), {})).toEqual({ kind: 'incomplete' });
  });

  it('hoodie Blue + Yes matches variation 90', () => {
    expect(foundId(hoodie(), { [COLOR]: 'Blue', [LOGO]: 'Yes' })).toBe(90);
  });

  it('hoodie Red + Yes has no matching variation', () => {
    expect(resolve(hoodie(), { [COLOR]: 'Red', [LOGO]: 'Yes' })).toEqual({ kind: 'no_match' });
  });

  it('every V-Neck size matches its colour', () => {
    const ids = { Red: 76, Green: 77, Blue: 78 };
    for (const [color, id] of Object.entries(ids)) {
      for (const size of ['Large', 'Medium', 'Small']) {
        expect(foundId(vneck(), { [COLOR]: color, [SIZE]: size })).toBe(id);
      }
    }
  });

  it('the first matching variation in server order wins', () => {
    const attrs = [attribute('Color', ['Blue']), attribute('Size', ['S'])];
    const data = formData(1, attrs, [
      variation(7, { [COLOR]: 'Blue', [SIZE]: '' }),
      variation(8, { [COLOR]: 'Blue', [SIZE]: 'S' }),
    ]);
    expect(foundId(data, { [COLOR]: 'Blue', [SIZE]: 'S' })).toBe(7);
  });

  it('an out-of-stock match is still found (the button shows unavailable)', () => {
    const data = hoodie();
    const variations = (data.product_variations ?? []).map((v) => ({ ...v, is_in_stock: false }));
    expect(foundId(formData(45, data.attributes, variations), { [COLOR]: 'Red', [LOGO]: 'No' })).toBe(79);
  });

  it('in lookup mode a possible match asks the server, with the id from the availability map', () => {
    expect(resolve(asLookup(hoodie()), { [COLOR]: 'Blue', [LOGO]: 'Yes' })).toEqual({
      kind: 'lookup',
      variationId: 90,
    });
  });

  it('in lookup mode a combination the availability map rules out needs no request', () => {
    expect(resolve(asLookup(hoodie()), { [COLOR]: 'Red', [LOGO]: 'Yes' })).toEqual({ kind: 'no_match' });
  });

  it('without any availability data every full selection is looked up', () => {
    const blind = { ...asLookup(hoodie()), availability: { keys: [], options: [], entries: [] } };
    expect(resolve(blind, { [COLOR]: 'Red', [LOGO]: 'Yes' })).toEqual({ kind: 'lookup', variationId: null });
  });

  it('findMatch reports the entry and id of the first match, or null', () => {
    const index = buildIndex(hoodie());
    const none = emptySelection(index);
    expect(findMatch(index, { ...none, [COLOR]: 'Blue', [LOGO]: 'No' })).toEqual({ entry: 3, variationId: 81 });
    expect(findMatch(index, { ...none, [COLOR]: 'Red', [LOGO]: 'Yes' })).toBeNull();
  });

  it('the no-match notice shows for no match after load', () => {
    expect(shouldShowNoMatchNotice(true, false)).toBe(true);
  });

  it('the no-match notice does not show on first load', () => {
    expect(shouldShowNoMatchNotice(true, true)).toBe(false);
  });

  it('the no-match notice does not show when there is a match or the selection is incomplete', () => {
    expect(shouldShowNoMatchNotice(false, false)).toBe(false);
  });
});
