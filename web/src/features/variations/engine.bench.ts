//! Timing of one selection step on a 2,000 × 3 product (goal ≤ 5 ms; see docs/benchmarks.md).
//! Run: npx vitest bench --run src/features/variations

import { bench, describe } from 'vitest';
import { asLookup } from './fixtures/build';
import { generatedProduct } from './fixtures/generated';
import { buildIndex, choose, emptySelection, optionStates, resolveSelection } from './engine';

const data = generatedProduct();
const preloaded = buildIndex(data);
const lookup = buildIndex(asLookup(data));
const [color, size, material] = data.attributes;

function step(index: typeof preloaded, n: number): void {
  let selection = emptySelection(index);
  selection = choose(index, selection, color?.key ?? '', color?.options[n % 25] ?? '');
  selection = choose(index, selection, size?.key ?? '', size?.options[n % 12] ?? '');
  selection = choose(index, selection, material?.key ?? '', material?.options[n % 10] ?? '');
  optionStates(index, selection);
  resolveSelection(index, selection);
}

describe('variation engine, 2,000 variations × 3 attributes', () => {
  let n = 0;
  bench('build the index from product_variations', () => {
    buildIndex(data);
  });
  bench('build the index from the availability map', () => {
    buildIndex(asLookup(data));
  });
  bench('one selection: choose + option states + resolve (preloaded)', () => {
    step(preloaded, n++);
  });
  bench('one selection: choose + option states + resolve (lookup)', () => {
    step(lookup, n++);
  });
  bench('option states only (two attributes chosen)', () => {
    optionStates(preloaded, {
      [color?.key ?? '']: color?.options[n++ % 25] ?? '',
      [size?.key ?? '']: size?.options[3] ?? '',
      [material?.key ?? '']: '',
    });
  });
});
