import { BELOW_WIDE_QUERY, MEDIUM_MIN_WIDTH, SMALL_QUERY, WIDE_MIN_WIDTH, WIDE_QUERY } from './breakpoints';

/** Whether a `(min-width: Npx)` / `(max-width: Npx)` query matches a window `width` px wide, as a browser decides. */
function matches(query: string, width: number): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+)px/.exec(query);
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}

describe('the theme layout widths (storefront spec §9: wide from 850 px, medium 550–849 px, small below 550 px)', () => {
  it('pins the spec numbers themselves', () => {
    expect(MEDIUM_MIN_WIDTH).toBe(550);
    expect(WIDE_MIN_WIDTH).toBe(850);
  });

  it('is small at 549 px and not at 550', () => {
    expect(matches(SMALL_QUERY, 549)).toBe(true);
    expect(matches(SMALL_QUERY, 550)).toBe(false);
  });

  it('is wide at 850 px and not at 849, and the below-wide query is its exact complement', () => {
    expect(matches(WIDE_QUERY, 850)).toBe(true);
    expect(matches(WIDE_QUERY, 849)).toBe(false);
    for (const width of [549, 550, 849, 850]) expect(matches(BELOW_WIDE_QUERY, width)).toBe(!matches(WIDE_QUERY, width));
  });
});
