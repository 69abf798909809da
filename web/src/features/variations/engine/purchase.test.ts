//! Tests of the add-to-cart button state and quantity rules.

import { variation } from '../fixtures/build';
import { messages } from '../messages';
import { buttonAlert, buttonState, clampQuantity, quantityRules } from './purchase';

const v = (over: Parameters<typeof variation>[2] = {}) => variation(1, {}, over);

describe('add-to-cart button state (spec §4)', () => {
  it('needs a selection when no variation is shown', () => {
    expect(buttonState(null)).toBe('selection_needed');
  });

  it('is enabled for a purchasable, in-stock, visible variation', () => {
    expect(buttonState(v())).toBe('enabled');
  });

  it.each([
    ['not purchasable', { is_purchasable: false }],
    ['out of stock', { is_in_stock: false }],
    ['not visible', { variation_is_visible: false }],
  ])('is unavailable when the variation is %s', (_, over) => {
    expect(buttonState(v(over))).toBe('unavailable');
  });

  it('a click while a selection is needed alerts the make-a-selection text', () => {
    expect(buttonAlert('selection_needed')).toBe(
      'Please select some product options before adding this product to your cart.',
    );
  });

  it('a click on an unavailable variation alerts the unavailable text', () => {
    expect(buttonAlert('unavailable')).toBe(messages.unavailable);
    expect(messages.unavailable).toBe('Sorry, this product is unavailable. Please choose a different combination.');
  });

  it('a click on the enabled button raises no alert', () => {
    expect(buttonAlert('enabled')).toBeNull();
  });
});

describe('quantity rules (spec §5)', () => {
  it('sold individually forces 1 and hides the input', () => {
    expect(quantityRules(v({ is_sold_individually: 'yes', min_qty: 2, max_qty: 9 }), 5)).toEqual({
      hidden: true,
      min: 1,
      max: 1,
      value: 1,
    });
  });

  it('min and max come from the variation', () => {
    expect(quantityRules(v({ min_qty: 2, max_qty: 7 }), 3)).toEqual({ hidden: false, min: 2, max: 7, value: 3 });
  });

  it('a quantity above max is clamped to max', () => {
    expect(quantityRules(v({ max_qty: 3 }), 10).value).toBe(3);
  });

  it('a quantity below min is raised to min', () => {
    expect(quantityRules(v({ min_qty: 2 }), 1).value).toBe(2);
  });

  it('an unlimited max (null) leaves large quantities alone', () => {
    expect(quantityRules(v({ max_qty: null }), 500)).toMatchObject({ max: null, value: 500 });
  });

  it('a missing quantity becomes the minimum', () => {
    expect(quantityRules(v({ min_qty: 2 }), Number.NaN).value).toBe(2);
  });

  it('a max below min is treated as no max', () => {
    expect(quantityRules(v({ min_qty: 2, max_qty: 0 }), 4)).toMatchObject({ max: null, value: 4 });
  });

  it('without a variation the input shows with a minimum of 1 and no maximum', () => {
    expect(quantityRules(null, 0)).toEqual({ hidden: false, min: 1, max: null, value: 1 });
    expect(quantityRules(null, 4).value).toBe(4);
  });

  it('clampQuantity treats non-finite input as the minimum', () => {
    expect(clampQuantity(Number.POSITIVE_INFINITY, 1, null)).toBe(1);
    expect(clampQuantity(5, 1, 4)).toBe(4);
  });
});
