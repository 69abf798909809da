import {
  addPaymentInfoEvent,
  addToCartEvent,
  addToWishListEvent,
  completeRegistrationEvent,
  createEvent,
  initiateCheckoutEvent,
  leadEvent,
  pageViewEvent,
  purchaseEvent,
  searchEvent,
  viewContentEvent,
} from './builders';
import {
  bundleAddToCartEvent,
  bundleUnitValue,
  clampQuantity,
  groupedAddToCartEvent,
  isDisabledAddToCart,
  parseQuantity,
  PRODUCT_TYPE,
} from './add-to-cart';

const HOODIE = { id: 'sku-hoodie', name: 'Hoodie', price: 4500, currency: 'USD', category: 'Clothing' };

describe('event builders', () => {
  it('gives every event a fresh 36-character id unless one is supplied', () => {
    const a = createEvent('Lead');
    expect(a.eventID).toMatch(/^[A-Za-z0-9]{36}$/);
    expect(createEvent('Lead').eventID).not.toBe(a.eventID);
    expect(createEvent('Lead', { eventID: 'fixed' }).eventID).toBe('fixed');
  });

  it('marks page-load events static and interactions dynamic', () => {
    expect(pageViewEvent().type).toBe('static');
    expect(viewContentEvent(HOODIE).type).toBe('static');
    expect(addToCartEvent(HOODIE, 1).type).toBe('dynamic');
    expect(leadEvent().type).toBe('dynamic');
  });

  it('computes add-to-cart value as unit price times quantity', () => {
    expect(addToCartEvent(HOODIE, 3).ecommerce).toEqual({
      currency: 'USD',
      value: 13500,
      items: [{ id: 'sku-hoodie', name: 'Hoodie', price: 4500, quantity: 3, category: 'Clothing' }],
      pageType: 'cart',
    });
  });

  it('builds checkout, payment, wishlist, registration and search events', () => {
    const cart = { currency: 'EUR', value: 9000, items: [{ id: 'a', quantity: 2, price: 4500 }] };
    expect(initiateCheckoutEvent(cart).name).toBe('InitiateCheckout');
    expect(addPaymentInfoEvent(cart, 'card').ecommerce?.paymentType).toBe('card');
    expect(addToWishListEvent(HOODIE).name).toBe('AddToWishList');
    expect(completeRegistrationEvent({ method: 'email' }).params).toEqual({ method: 'email' });
    expect(searchEvent('red hoodie').ecommerce?.searchTerm).toBe('red hoodie');
  });

  it('ties a purchase to its order for the once-per-order guard', () => {
    const event = purchaseEvent({ id: '1001', currency: 'USD', value: 4500, items: [] }, { eventID: 'order-1001' });
    expect(event).toMatchObject({ name: 'Purchase', wooOrder: '1001', key: 'Purchase', eventID: 'order-1001' });
    expect(event.ecommerce?.transactionId).toBe('1001');
  });
});

describe('add to cart rules', () => {
  it('numbers product types as the spec does', () => {
    expect(PRODUCT_TYPE).toEqual({ simple: 0, variable: 1, bundle: 2, grouped: 3 });
  });

  it('counts a quantity that is not a number as 0', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity('')).toBe(0);
    expect(parseQuantity('abc')).toBe(0);
    expect(parseQuantity(undefined)).toBe(0);
    expect(parseQuantity(2.7)).toBe(2);
  });

  it('raises a quantity below the minimum to the minimum', () => {
    expect(clampQuantity(0, 1)).toBe(1);
    expect(clampQuantity(5, 2)).toBe(5);
  });

  it('ignores a button with the disabled class', () => {
    const button = document.createElement('button');
    expect(isDisabledAddToCart(button)).toBe(false);
    button.classList.add('disabled');
    expect(isDisabledAddToCart(button)).toBe(true);
  });

  it('sums grouped children and leaves out those with quantity 0', () => {
    const event = groupedAddToCartEvent(
      [
        { id: 'a', price: 1000, quantity: '2' },
        { id: 'b', price: 500, quantity: 'x' },
        { id: 'c', price: 250, quantity: 1 },
      ],
      'USD',
    );
    expect(event?.ecommerce?.value).toBe(2250);
    expect(event?.ecommerce?.items?.map((i) => [i.id, i.quantity])).toEqual([
      ['a', 2],
      ['c', 1],
    ]);
  });

  it('fires nothing for a grouped product whose total is zero', () => {
    expect(groupedAddToCartEvent([{ id: 'a', price: 1000, quantity: '' }], 'USD')).toBeNull();
  });

  it('values a bundle as base price plus included items, times quantity', () => {
    const items = [
      { id: 'x', price: 300, quantity: '2' },
      { id: 'y', price: 1000, quantity: 1, optional: true, selected: false },
      { id: 'z', price: 50, quantity: 1, optional: true, selected: true },
    ];
    expect(bundleUnitValue(2000, items)).toBe(2650);
    const event = bundleAddToCartEvent({ id: 'bundle', basePrice: 2000, currency: 'USD', items }, 2);
    expect(event.ecommerce?.value).toBe(5300);
    expect(event.ecommerce?.items).toEqual([{ id: 'bundle', quantity: 2, price: 2650 }]);
  });
});
