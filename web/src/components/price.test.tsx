import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { singlePrice } from '@/lib/api/fixtures/money';
import type { PriceView } from '@/lib/api/types';
import { Price, PriceOverridesProvider, type PriceOverrides } from './price';

function overrides() {
  const prices = new Map<number, PriceView>();
  const listeners = new Set<() => void>();
  const wanted: number[] = [];
  const value: PriceOverrides = {
    want: (id) => void wanted.push(id),
    get: (id) => prices.get(id),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const give = (id: number, price: PriceView) =>
    act(() => {
      prices.set(id, price);
      listeners.forEach((listener) => listener());
    });
  return { value, wanted, give };
}

describe('Price', () => {
  it("shows the page's price until this shopper's price for the product arrives", () => {
    const o = overrides();
    render(
      <PriceOverridesProvider value={o.value}>
        <Price price={singlePrice(1800)} productId={47} />
        <Price price={singlePrice(2000)} />
      </PriceOverridesProvider>,
    );
    expect(o.wanted).toEqual([47]);
    expect(screen.getByText('$18.00')).toBeInTheDocument();
    o.give(47, singlePrice(1620, 1800));
    expect(screen.queryByText('$18.00', { selector: '.price-amount' })).toBeNull();
    expect(screen.getByText('$16.20')).toBeInTheDocument();
    expect(screen.getByText('$20.00')).toBeInTheDocument();
  });

  it('without a provider it is the page price', () => {
    render(<Price price={singlePrice(1800)} productId={47} />);
    expect(screen.getByText('$18.00')).toBeInTheDocument();
  });
});
