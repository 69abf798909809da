//! Tests of the spec §5 matching rule.

import { attributesMatch, findMatchingVariations } from './matching';

describe('attributesMatch (spec §5)', () => {
  it('matches when the values are equal', () => {
    expect(attributesMatch({ attribute_color: 'Blue' }, { attribute_color: 'Blue' })).toBe(true);
  });

  it('does not match when both sides have different values', () => {
    expect(attributesMatch({ attribute_color: 'Blue' }, { attribute_color: 'Red' })).toBe(false);
  });

  it('matches when the variation side is empty ("any")', () => {
    expect(attributesMatch({ attribute_size: '' }, { attribute_size: 'Large' })).toBe(true);
  });

  it('matches when the variation side is undefined', () => {
    expect(attributesMatch({}, { attribute_size: 'Large' })).toBe(true);
  });

  it('matches when the chosen side is empty or undefined', () => {
    expect(attributesMatch({ attribute_color: 'Blue' }, { attribute_color: '' })).toBe(true);
    expect(attributesMatch({ attribute_color: 'Blue' }, { attribute_color: undefined })).toBe(true);
  });

  it('compares values exactly (case matters)', () => {
    expect(attributesMatch({ attribute_color: 'Blue' }, { attribute_color: 'blue' })).toBe(false);
  });

  it('needs every chosen attribute to match', () => {
    const v = { attribute_color: 'Blue', attribute_logo: 'No' };
    expect(attributesMatch(v, { attribute_color: 'Blue', attribute_logo: 'Yes' })).toBe(false);
  });

  it('finds every matching variation in the given order', () => {
    const vs = [
      { id: 1, attributes: { attribute_color: 'Blue', attribute_logo: 'Yes' } },
      { id: 2, attributes: { attribute_color: 'Red', attribute_logo: 'No' } },
      { id: 3, attributes: { attribute_color: 'Blue', attribute_logo: 'No' } },
    ];
    expect(findMatchingVariations(vs, { attribute_color: 'Blue' }).map((v) => v.id)).toEqual([1, 3]);
  });
});
