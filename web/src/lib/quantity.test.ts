import { readFileSync } from 'node:fs';
import {
  MAX_LINE_QUANTITY,
  canDecrement,
  canIncrement,
  clampQuantity,
  decrement,
  increment,
  maxQuantity,
  parseQuantity,
  stepDecimals,
} from './quantity';

describe('increment', () => {
  it('adds one step', () => {
    expect(increment(1, { min: 1 })).toBe(2);
    expect(increment(2, { min: 1, step: 2 })).toBe(4);
  });

  it('never passes max', () => {
    expect(increment(5, { min: 1, max: 5 })).toBe(5);
    expect(increment(4, { min: 0, max: 5, step: 2 })).toBe(5);
  });

  it('treats a negative or missing max as the line maximum of 9999', () => {
    expect(increment(99, { max: -1 })).toBe(100);
    expect(increment(99, { max: null })).toBe(100);
    expect(increment(9998, { max: null })).toBe(9999);
    expect(increment(9999, {})).toBe(9999);
    expect(canIncrement(9999, { max: -1 })).toBe(false);
  });

  it('jumps a value below min straight to min', () => {
    expect(increment(0, { min: 3 })).toBe(3);
  });

  it('keeps the decimals of a fractional step without float noise', () => {
    expect(increment(0.1, { step: 0.1 })).toBe(0.2);
    expect(increment(0.2, { step: 0.1 })).toBe(0.3);
    expect(increment(1, { step: 0.25 })).toBe(1.25);
  });

  it('starts from zero when the input is empty', () => {
    expect(increment(Number.NaN, {})).toBe(1);
  });
});

describe('decrement', () => {
  it('removes one step', () => {
    expect(decrement(3, { min: 1 })).toBe(2);
    expect(decrement(0.3, { step: 0.1 })).toBe(0.2);
  });

  it('stops at min', () => {
    expect(decrement(1, { min: 1 })).toBe(1);
    expect(decrement(2, { min: 1, step: 5 })).toBe(1);
  });

  it('never goes below zero with the default min', () => {
    expect(decrement(0, {})).toBe(0);
    expect(decrement(0.5, { step: 1 })).toBe(0);
  });

  it('raises a value below min to min', () => {
    expect(decrement(1, { min: 2 })).toBe(2);
  });
});

describe('clampQuantity', () => {
  it('raises values below min to min', () => {
    expect(clampQuantity(0, { min: 1 })).toBe(1);
    expect(clampQuantity(-4, {})).toBe(0);
  });

  it('lowers values above max to max', () => {
    expect(clampQuantity(12, { min: 1, max: 10 })).toBe(10);
  });

  it('turns what is not a number into min', () => {
    expect(clampQuantity(parseQuantity('abc'), { min: 1 })).toBe(1);
    expect(clampQuantity(parseQuantity(''), { min: 1 })).toBe(1);
  });

  it('leaves a valid value alone', () => {
    expect(clampQuantity(3, { min: 1, max: 10 })).toBe(3);
  });

  it('never lets max fall below min', () => {
    expect(clampQuantity(5, { min: 3, max: 1 })).toBe(3);
  });
});

describe('button states', () => {
  it('disables plus at max and minus at min', () => {
    expect(canIncrement(5, { min: 1, max: 5 })).toBe(false);
    expect(canDecrement(1, { min: 1, max: 5 })).toBe(false);
    expect(canIncrement(4, { min: 1, max: 5 })).toBe(true);
    expect(canDecrement(2, { min: 1, max: 5 })).toBe(true);
  });
});

describe('stepDecimals', () => {
  it('counts the decimals of the step', () => {
    expect(stepDecimals(1)).toBe(0);
    expect(stepDecimals(0.5)).toBe(1);
    expect(stepDecimals(0.01)).toBe(2);
    expect(stepDecimals(1e-7)).toBe(7);
  });
});

describe('the line maximum', () => {
  it('caps a larger own max, typed values and the input\'s max', () => {
    expect(maxQuantity({ max: 20000 })).toBe(9999);
    expect(maxQuantity({ max: 5 })).toBe(5);
    expect(maxQuantity({})).toBe(9999);
    expect(clampQuantity(10000, { min: 1 })).toBe(9999);
    expect(clampQuantity(3e9, { min: 1, max: null })).toBe(9999);
  });

  it('is the maximum the API documents for cart quantities', () => {
    // Vitest runs in web/ (vite.config.ts); the document is the repository's docs/openapi.json.
    const openapi = readFileSync('../docs/openapi.json', 'utf8');
    const doc = JSON.parse(openapi) as {
      components: { schemas: Record<string, { properties: { quantity: { maximum?: number } } }> };
    };
    for (const request of ['NewCartItem', 'UpdateCartItem']) {
      expect(doc.components.schemas[request]?.properties.quantity.maximum).toBe(MAX_LINE_QUANTITY);
    }
  });
});
