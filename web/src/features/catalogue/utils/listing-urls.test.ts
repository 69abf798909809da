import { listingBasePath, pageItems, pageUrl, sortUrl } from './listing-urls';

describe('listing URLs', () => {
  it('finds the first-page path of a paged listing', () => {
    expect(listingBasePath('/shop/page/2/')).toBe('/shop/');
    expect(listingBasePath('/product-category/clothing/tshirts/page/3/')).toBe('/product-category/clothing/tshirts/');
    expect(listingBasePath('/page/2/')).toBe('/');
    expect(listingBasePath('/shop')).toBe('/shop/');
  });

  it('builds WooCommerce page links and keeps the query', () => {
    expect(pageUrl('/shop/', '', 2)).toBe('/shop/page/2/');
    expect(pageUrl('/shop/page/2/', '?orderby=price', 1)).toBe('/shop/?orderby=price');
    expect(pageUrl('/', '?s=hoodie&post_type=product', 2)).toBe('/page/2/?s=hoodie&post_type=product');
  });

  it('sorts from page one and drops the default orderby', () => {
    expect(sortUrl('/shop/page/2/', '', 'price-desc')).toBe('/shop/?orderby=price-desc');
    expect(sortUrl('/shop/', '?orderby=price', 'menu_order')).toBe('/shop/');
    expect(sortUrl('/', '?s=tee&post_type=product', 'date')).toBe('/?s=tee&post_type=product&orderby=date');
  });
});

describe('pageItems', () => {
  const shown = (current: number, total: number) =>
    pageItems(current, total).map((item) => (item.kind === 'page' ? item.page : '…'));

  it('lists every page when there are few', () => {
    expect(shown(1, 2)).toEqual([1, 2]);
    expect(shown(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('collapses far pages into gaps', () => {
    expect(shown(1, 10)).toEqual([1, 2, 3, '…', 10]);
    expect(shown(6, 12)).toEqual([1, '…', 4, 5, 6, 7, 8, '…', 12]);
    expect(shown(12, 12)).toEqual([1, '…', 10, 11, 12]);
  });
});
