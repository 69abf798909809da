import { chosenTerms, clearFiltersUrl, keptForPrice, toggleTermUrl } from './filter-urls';

describe('filter URLs', () => {
  it('ticks and unticks terms from page one, keeping the sort and other filters', () => {
    expect(toggleTermUrl('/shop/page/2/', '?orderby=price', 'color', 'blue')).toBe('/shop/?orderby=price&filter_color=blue');
    expect(toggleTermUrl('/shop/', '?filter_color=blue', 'color', 'red')).toBe('/shop/?filter_color=blue%2Cred');
    expect(toggleTermUrl('/shop/', '?filter_color=blue&query_type_color=and&min_price=10', 'color', 'blue')).toBe('/shop/?min_price=10');
    expect(toggleTermUrl('/', '?s=tee&post_type=product', 'size', 'large')).toBe('/?s=tee&post_type=product&filter_size=large');
  });

  it('reads the chosen terms', () => {
    expect(chosenTerms('?filter_color=blue,red', 'color')).toEqual(['blue', 'red']);
    expect(chosenTerms('?filter_color=', 'color')).toEqual([]);
  });

  it('clears every filter but keeps the search and the sort', () => {
    expect(clearFiltersUrl('/page/3/', '?s=tee&post_type=product&filter_color=blue&query_type_color=or&min_price=1&max_price=9&orderby=date')).toBe(
      '/?s=tee&post_type=product&orderby=date',
    );
  });

  it('keeps everything but the prices for the price form', () => {
    expect(keptForPrice('?s=tee&min_price=1&filter_color=blue&paged=2')).toEqual([
      ['s', 'tee'],
      ['filter_color', 'blue'],
    ]);
  });
});
