import type { AddedToCartDetail } from '@/features/cart/added-event';
import { samplePage } from '@/lib/api/fixtures/pages';
import { addToCartEventFrom, pageEventsFor } from './page-events';

function line(key: string, productId: number, amount: number, variationId: number | null = null) {
  return {
    key,
    product_id: productId,
    variation_id: variationId,
    name: variationId ? 'Hoodie - Red' : `Product ${productId}`,
    product_name: variationId ? 'Hoodie' : `Product ${productId}`,
    unit_price: { amount_minor: amount, currency: 'USD', text: '' },
  };
}

function detail(request: AddedToCartDetail['request'], added: string[], lines: ReturnType<typeof line>[]): AddedToCartDetail {
  return { request, response: { added, cart: { items: lines } } } as unknown as AddedToCartDetail;
}

describe('pageEventsFor', () => {
  it('adds ViewContent on product pages with the lowest price in minor units', () => {
    const [view] = pageEventsFor(samplePage('/product/hoodie/'));
    expect(view?.name).toBe('ViewContent');
    expect(view?.ecommerce).toMatchObject({ currency: 'USD', value: 4200, pageType: 'product' });
  });

  it('adds Search on search results and nothing elsewhere', () => {
    expect(pageEventsFor(samplePage('/?s=hoodie')).map((e) => e.name)).toEqual(['Search']);
    expect(pageEventsFor(samplePage('/shop/'))).toEqual([]);
    expect(pageEventsFor(samplePage('/'))).toEqual([]);
  });
});

describe('addToCartEventFrom', () => {
  it('uses the asked quantity and the variation as the content id', () => {
    const event = addToCartEventFrom(detail({ product_id: 10, variation_id: 11, quantity: 3 }, ['a'], [line('a', 10, 4500, 11)]));
    expect(event?.ecommerce).toMatchObject({ value: 13_500, items: [{ id: '11', quantity: 3, price: 4500 }] });
  });

  it('groups children with their own quantities and fires nothing for a zero total', () => {
    const lines = [line('a', 20, 1000), line('b', 21, 500)];
    const grouped = addToCartEventFrom(detail({ product_id: 19, quantities: { '20': 2, '21': 1 } }, ['a', 'b'], lines));
    expect(grouped?.ecommerce).toMatchObject({ value: 2500 });
    expect(grouped?.ecommerce?.items).toHaveLength(2);
    expect(addToCartEventFrom(detail({ product_id: 19, quantities: { '20': 0, '21': 0 } }, ['a', 'b'], lines))).toBeNull();
    expect(addToCartEventFrom(detail({ product_id: 19 }, [], lines))).toBeNull();
  });
});
