import { orderAddress } from './checkout-routes';

describe('orderAddress', () => {
  it('reads the order id from the path and the key from the query', () => {
    expect(orderAddress('/checkout/order-received/123/', '?key=abc')).toEqual({ id: 123, key: 'abc' });
    expect(orderAddress('/checkout/order-pay/7/', '?pay_for_order=true&key=k&order_review=e30=')).toEqual({ id: 7, key: 'k' });
  });

  it('refuses an address without a number or a key', () => {
    expect(orderAddress('/checkout/order-received/abc/', '?key=abc')).toBeNull();
    expect(orderAddress('/checkout/order-received/0/', '?key=abc')).toBeNull();
    expect(orderAddress('/checkout/order-received/123/', '')).toBeNull();
    expect(orderAddress('/checkout/', '?key=abc')).toBeNull();
  });
});
