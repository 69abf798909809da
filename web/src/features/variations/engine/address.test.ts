//! Tests of the selection ↔ address mapping.

import { COLOR, hoodie, LOGO } from '../fixtures/samples';
import { addressForSelection, selectionFromSearch } from './address';

const { attributes } = hoodie();
const keys = attributes.map((a) => a.key);

describe('address sync', () => {
  it('puts chosen values into the query in form order', () => {
    expect(addressForSelection('/product/hoodie/', '', keys, { [LOGO]: 'Yes', [COLOR]: 'Blue' })).toBe(
      '/product/hoodie/?attribute_color=Blue&attribute_logo=Yes',
    );
  });

  it('leaves unchosen attributes out', () => {
    expect(addressForSelection('/product/hoodie/', '', keys, { [COLOR]: '', [LOGO]: 'No' })).toBe(
      '/product/hoodie/?attribute_logo=No',
    );
  });

  it("returns to the product's own address (no query) when nothing is chosen", () => {
    expect(addressForSelection('/product/hoodie/', '', keys, { [COLOR]: '', [LOGO]: '' })).toBe('/product/hoodie/');
  });

  it('keeps the hash (an open tab)', () => {
    expect(addressForSelection('/product/hoodie/', '#reviews', keys, { [COLOR]: 'Red', [LOGO]: '' })).toBe(
      '/product/hoodie/?attribute_color=Red#reviews',
    );
  });

  it('encodes values that need it and reads them back', () => {
    const attrs = attributes.slice(0, 1).map((a) => ({ ...a, options: ['Navy & White'] }));
    const address = addressForSelection('/p/', '', [COLOR], { [COLOR]: 'Navy & White' });
    expect(address).toBe('/p/?attribute_color=Navy+%26+White');
    expect(selectionFromSearch(address.slice(3), attrs)).toEqual({ [COLOR]: 'Navy & White' });
  });

  it('restores chosen values from the query on load', () => {
    expect(selectionFromSearch('?attribute_color=Blue&attribute_logo=Yes', attributes)).toEqual({
      [COLOR]: 'Blue',
      [LOGO]: 'Yes',
    });
  });

  it('matches values case-insensitively to the option spelling', () => {
    expect(selectionFromSearch('?attribute_color=blue', attributes)).toEqual({ [COLOR]: 'Blue' });
  });

  it('ignores unknown keys, unknown values and empty values', () => {
    expect(selectionFromSearch('?attribute_color=Purple&attribute_size=L&attribute_logo=&utm_source=x', attributes)).toEqual(
      {},
    );
  });
});
