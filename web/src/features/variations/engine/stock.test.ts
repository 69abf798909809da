//! Tests of the stock line.

import { variation } from '../fixtures/build';
import { stockText } from './stock';

const v = (over: Parameters<typeof variation>[2]) => variation(1, {}, over);

describe('stock text', () => {
  it('says "Out of stock" for an out-of-stock variation', () => {
    expect(stockText(v({ is_in_stock: false, variation_stock_left: 3 }), 5)).toBe('Out of stock');
  });

  it('says "In stock" when stock is not managed', () => {
    expect(stockText(v({ variation_stock_left: null, max_qty: null }), 5)).toBe('In stock');
  });

  it('says "Only N left in stock" when the units left are at the threshold', () => {
    expect(stockText(v({ variation_stock_left: 5 }), 5)).toBe('Only 5 left in stock');
  });

  it('says "Only N left in stock" below the threshold', () => {
    expect(stockText(v({ variation_stock_left: 3 }), 5)).toBe('Only 3 left in stock');
  });

  it('says "N in stock" above the threshold', () => {
    expect(stockText(v({ variation_stock_left: 6 }), 5)).toBe('6 in stock');
  });

  it('falls back to max_qty when variation_stock_left is missing', () => {
    expect(stockText(v({ variation_stock_left: null, max_qty: 2 }), 5)).toBe('Only 2 left in stock');
  });

  it('says "In stock" for an in-stock variation with no units left (backorders)', () => {
    expect(stockText(v({ variation_stock_left: 0 }), 5)).toBe('In stock');
  });
});
