import { checkoutReturnUrl, decodeReturnData, encodeReturnData, orderPayReturnUrl, returnDataFromHash, returnDataFromSearch, type PaymentReturnData } from './return-data';

const DATA: PaymentReturnData = {
  client_secret: 'pi_123_secret_abc',
  gateway_id: 'stripe',
  type: 'payment_intent',
  order_id: 42,
  order_key: 'k3y',
  pm: 'pm_999',
  save_method: false,
};

describe('payment intent return data (spec §2, §3)', () => {
  it('round-trips through base64 JSON', () => {
    const encoded = encodeReturnData(DATA);
    expect(JSON.parse(atob(encoded))).toEqual(DATA);
    expect(decodeReturnData(encoded)).toEqual(DATA);
  });

  it('reads the #response= hash of the checkout return address', () => {
    const url = new URL(checkoutReturnUrl('https://shop.test', DATA));
    expect(url.pathname).toBe('/checkout/');
    expect(url.hash.startsWith('#response=')).toBe(true);
    expect(returnDataFromHash(url.hash)).toEqual(DATA);
    expect(returnDataFromHash('#reviews')).toBeNull();
  });

  it('reads the order_review parameter of the order-pay return address', () => {
    const url = new URL(orderPayReturnUrl('https://shop.test', DATA));
    expect(url.pathname).toBe('/checkout/order-pay/42/');
    expect(url.searchParams.get('pay_for_order')).toBe('true');
    expect(url.searchParams.get('key')).toBe('k3y');
    expect(returnDataFromSearch(url.search)).toEqual(DATA);
  });

  it('accepts a string order id (WooCommerce sends one) and refuses what is not return data', () => {
    expect(decodeReturnData(btoa(JSON.stringify({ ...DATA, order_id: '42' })))?.order_id).toBe(42);
    expect(decodeReturnData('%%%')).toBeNull();
    expect(decodeReturnData(btoa('not json'))).toBeNull();
    expect(decodeReturnData(btoa(JSON.stringify({ ...DATA, order_id: 0 })))).toBeNull();
    expect(decodeReturnData(btoa(JSON.stringify({ ...DATA, order_key: '' })))).toBeNull();
  });
});
