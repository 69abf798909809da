import { removeCurrencyParam, withoutCurrencyParam } from './url';

describe('removing ?wmc-currency= from the address', () => {
  it('keeps the path, the other parameters in order and the hash', () => {
    expect(withoutCurrencyParam('https://shop.test/shop/?orderby=price&wmc-currency=EUR&paged=2#top')).toBe('/shop/?orderby=price&paged=2#top');
  });

  it('leaves no "?" behind when it was the only parameter', () => {
    expect(withoutCurrencyParam('https://shop.test/product/t-shirt/?wmc-currency=GBP')).toBe('/product/t-shirt/');
  });

  it('says there is nothing to do without the parameter', () => {
    expect(withoutCurrencyParam('https://shop.test/cart/?currency=EUR')).toBeNull();
  });

  it('replaces the history entry (keeping its state) instead of navigating', () => {
    const history = { state: { idx: 3 }, replaceState: vi.fn() };
    expect(removeCurrencyParam({ href: 'https://shop.test/?wmc-currency=EUR&s=cap' }, history)).toBe(true);
    expect(history.replaceState).toHaveBeenCalledWith({ idx: 3 }, '', '/?s=cap');
  });

  it('does not touch the history when the parameter is absent', () => {
    const history = { state: null, replaceState: vi.fn() };
    expect(removeCurrencyParam({ href: 'https://shop.test/?s=cap' }, history)).toBe(false);
    expect(history.replaceState).not.toHaveBeenCalled();
  });
});
