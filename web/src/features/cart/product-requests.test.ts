import { toAddToCartBody } from './product-requests';

describe('toAddToCartBody', () => {
  it('sends simple and bundle products with their quantity', () => {
    expect(toAddToCartBody({ kind: 'simple', productId: 47, quantity: 2 })).toEqual({ product_id: 47, quantity: 2 });
    expect(toAddToCartBody({ kind: 'bundle', productId: 200, quantity: 1 })).toEqual({ product_id: 200, quantity: 1 });
  });

  it('sends a variation with its id and chosen attributes', () => {
    expect(
      toAddToCartBody({ kind: 'variation', productId: 46, variationId: 61, quantity: 1, attributes: { attribute_color: 'Red', attribute_logo: 'No' } }),
    ).toEqual({ product_id: 46, variation_id: 61, quantity: 1, attributes: { attribute_color: 'Red', attribute_logo: 'No' } });
  });

  it('sends a grouped product as child id → quantity, zeros included', () => {
    expect(
      toAddToCartBody({ kind: 'grouped', productId: 45, items: [{ productId: 46, quantity: 1 }, { productId: 47, quantity: 0 }] }),
    ).toEqual({ product_id: 45, quantities: { '46': 1, '47': 0 } });
  });
});
