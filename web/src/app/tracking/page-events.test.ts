import type { AddedToCartDetail } from '@/features/cart/added-event';
import { samplePage } from '@/lib/api/fixtures/pages';
import type { StaticEvent } from '@/lib/api/types';
import { addedToCartEvent, addToCartEventFrom, formAddToCartEvent, fromStaticEvent, pageEventsFor, shownItemsOf } from './page-events';

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

describe('pageEventsFor: the server\'s static events (PageData `events`) as tracking events', () => {
  it('ViewContent on product pages, as the server priced it, with the selected list on its item', () => {
    const [view] = pageEventsFor(samplePage('/product/hoodie/'), { item_list_id: 'shop', item_list_name: 'Shop' });
    expect(view?.name).toBe('ViewContent');
    expect(view?.type).toBe('static');
    expect(view?.ecommerce).toMatchObject({ currency: 'USD', value: 4200, pageType: 'product' });
    expect(view?.ecommerce?.items?.[0]).toMatchObject({ id: '45', name: 'Hoodie', price: 4200, quantity: 1, listId: 'shop', listName: 'Shop' });
  });

  it('maps what the server sent, not what the page would compute', () => {
    const page = samplePage('/product/hoodie/');
    if (page.route !== 'product') throw new Error('no hoodie');
    const sent: StaticEvent = { name: 'ViewContent', providers: [], currency: 'EUR', value: 3570, items: [], search_term: null, page_type: 'product' };
    const [view] = pageEventsFor({ ...page, events: [sent] });
    expect(view?.ecommerce).toEqual({ currency: 'EUR', value: 3570, pageType: 'product' });
    expect(pageEventsFor({ ...page, events: [] })).toEqual([]);
  });

  it('the shop lists its items for GA4 only; search results add Search first; the cart has view_cart', () => {
    const [list, ...rest] = pageEventsFor(samplePage('/shop/'));
    expect(rest).toEqual([]);
    expect(list?.name).toBe('ViewItemList');
    expect(list?.providers).toEqual(['ga4']);
    expect(list?.ecommerce?.items?.[1]).toMatchObject({ index: 1, listId: 'shop', listName: 'Shop', quantity: 1 });
    const search = pageEventsFor(samplePage('/?s=hoodie'));
    expect(search.map((e) => e.name)).toEqual(['Search', 'ViewItemList']);
    expect(search[0]?.ecommerce).toMatchObject({ searchTerm: 'hoodie', pageType: 'searchresults' });
    expect(search[0]?.providers).toBeUndefined();
    const cart = pageEventsFor(samplePage('/cart/'));
    expect(cart.map((e) => [e.name, e.providers])).toEqual([['ViewCart', ['ga4']]]);
    expect(pageEventsFor(samplePage('/'))).toEqual([]);
  });

  it('a category page has ViewCategory for every provider, with the items select_item looks up', () => {
    const events = pageEventsFor(samplePage('/product-category/accessories/'));
    expect(events.map((e) => e.name)).toEqual(['ViewCategory']);
    const shown = shownItemsOf(events);
    expect(shown?.currency).toBe('USD');
    expect(shown?.items[0]).toMatchObject({ listId: 'category_accessories', listName: 'Accessories', index: 0 });
  });

  it('keeps known providers only, and leaves a missing price out', () => {
    const event = fromStaticEvent({
      name: 'ViewItemList',
      providers: ['ga4', 'nobody'],
      currency: 'USD',
      value: null,
      items: [{ id: '9', name: 'Gift', price: null, quantity: 1, index: 3 }],
      search_term: null,
      page_type: 'category',
    });
    expect(event.providers).toEqual(['ga4']);
    expect(event.ecommerce?.items).toEqual([{ id: '9', name: 'Gift', quantity: 1, index: 3 }]);
    expect(event.eventID).toHaveLength(36);
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

describe('formAddToCartEvent (spec §5: the grouped and bundle builders, from the product page)', () => {
  const grouped = samplePage('/product/logo-collection/');
  const bundle = samplePage('/product/winter-bundle/');
  // The cart's answer prices the lines differently on purpose: the event must not use it.
  const cartLines = [line('a', 46, 1), line('b', 47, 1)];

  it('prices grouped children from the page, counts text that is not a number as 0', () => {
    const event = formAddToCartEvent(detail({ product_id: 87, quantities: { '46': 2, '47': 'x' as unknown as number } }, ['a', 'b'], cartLines), grouped);
    expect(event?.name).toBe('AddToCart');
    expect(event?.ecommerce).toMatchObject({ currency: 'USD', value: 9000, items: [{ id: '46', quantity: 2, price: 4500 }] });
    expect(event?.ecommerce?.items).toHaveLength(1);
  });

  it('fires nothing for a grouped total of 0', () => {
    expect(formAddToCartEvent(detail({ product_id: 87, quantities: { '46': 0, '47': Number.NaN } }, ['a'], cartLines), grouped)).toBeNull();
  });

  it('values a bundle at base price plus items, times a quantity raised to the minimum', () => {
    const three = formAddToCartEvent(detail({ product_id: 200, quantity: 3 }, ['a'], cartLines), bundle);
    expect(three?.ecommerce).toMatchObject({ value: 3 * 6300, items: [{ id: '200', quantity: 3, price: 6300 }] });
    const zero = formAddToCartEvent(detail({ product_id: 200, quantity: 0 }, ['a'], cartLines), bundle);
    expect(zero?.ecommerce).toMatchObject({ value: 6300, items: [{ quantity: 1 }] });
  });

  it('leaves other products, and adds from another page, to the cart reply', () => {
    expect(formAddToCartEvent(detail({ product_id: 15, quantity: 1 }, ['a'], cartLines), samplePage('/product/hoodie/'))).toBeUndefined();
    expect(formAddToCartEvent(detail({ product_id: 46, quantity: 1 }, ['a'], cartLines), grouped)).toBeUndefined();
    expect(formAddToCartEvent(detail({ product_id: 87, quantities: { '46': 1 } }, ['a'], cartLines), samplePage('/shop/'))).toBeUndefined();
    expect(formAddToCartEvent(detail({ product_id: 87, quantities: { '46': 1 } }, ['a'], cartLines), null)).toBeUndefined();
  });
});

describe('addedToCartEvent (spec §5: a click on a button with the disabled class is ignored)', () => {
  const button = (...classes: string[]) => {
    const element = document.createElement('button');
    element.className = ['button', 'add_to_cart_button', ...classes].join(' ');
    return element;
  };
  const lines = [line('a', 46, 4500), line('b', 47, 4500)];
  const adds = [
    ['a listing card (simple)', detail({ product_id: 46, quantity: 1 }, ['a'], lines), samplePage('/shop/')],
    ['a simple product page', detail({ product_id: 15, quantity: 1 }, ['a'], [line('a', 15, 2000)]), samplePage('/product/beanie/')],
    ['a variable product page', detail({ product_id: 10, variation_id: 11, quantity: 1 }, ['a'], [line('a', 10, 4500, 11)]), samplePage('/product/hoodie/')],
    ['a grouped product page', detail({ product_id: 87, quantities: { '46': 1, '47': 1 } }, ['a', 'b'], lines), samplePage('/product/logo-collection/')],
    ['a bundle product page', detail({ product_id: 200, quantity: 1 }, ['a'], lines), samplePage('/product/winter-bundle/')],
  ] as const;

  it.each(adds)('fires nothing from %s when the button carried the disabled class', (_where, add, page) => {
    expect(addedToCartEvent({ ...add, trigger: button('disabled', 'wc-variation-selection-needed') }, page, 'USD')).toBeNull();
  });

  it.each(adds)('fires AddToCart from %s when the button was enabled, or no button made the add', (_where, add, page) => {
    expect(addedToCartEvent({ ...add, trigger: button('loading') }, page, 'USD')?.name).toBe('AddToCart');
    expect(addedToCartEvent(add, page, 'USD')?.name).toBe('AddToCart');
  });

  it('reads the class, not a look-alike: "disabled-look" or aria-disabled alone do not count', () => {
    const [, add, page] = adds[0];
    const ariaOnly = button('disabled-look');
    ariaOnly.setAttribute('aria-disabled', 'true');
    expect(addedToCartEvent({ ...add, trigger: ariaOnly }, page, 'USD')?.name).toBe('AddToCart');
  });
});
