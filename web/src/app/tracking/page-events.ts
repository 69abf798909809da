//! The events a storefront page and a cart add stand for: a page's static events as the server
//! computed them (PageData `events`), a cart add's from the cart's answer with the tracking
//! feature's builders.

import type { AddedToCartDetail } from '@/features/cart/added-event';
import type { CheckoutStepDetail } from '@/features/checkout/checkout-events';
import type { PurchaseDetail } from '@/features/orders/purchase-event';
import {
  addPaymentInfoEvent,
  addToCartEvent,
  bundleAddToCartEvent,
  clampQuantity,
  createEvent,
  groupedAddToCartEvent,
  initiateCheckoutEvent,
  isDisabledAddToCart,
  parseQuantity,
  purchaseEvent,
  PROVIDER_IDS,
  type CartInfo,
  type EcommerceData,
  type EcommerceItem,
  type ProviderId,
  type ShownItems,
  type ProductInfo,
  type ProductList,
  type TrackingEvent,
} from '@/features/tracking';
import type { CartView, PageData, ProductView, StaticEvent } from '@/lib/api/types';

/** A product as the events see it: id, name, lowest unit price (minor units), first category. */
export function productInfo(product: ProductView, currency: string): ProductInfo | null {
  if (!product.price) return null;
  const category = product.categories[0]?.name;
  return {
    id: String(product.id),
    name: product.name,
    price: product.price.min_minor,
    currency: product.price.currency || currency,
    ...(category ? { category } : {}),
  };
}

/**
 * The product list a listing page shows, as GA4 names it (spec §3 `productlist`): the kind with
 * its slug as the id (`shop`, `search`, `category_hoodies`, `tag_sale`), the listing's
 * title as the name. Null for any other page.
 */
export function productListOf(page: PageData): ProductList | null {
  if (page.route !== 'listing') return null;
  const { kind, slug, title } = page.context;
  return { item_list_id: slug ? `${kind}_${slug}` : kind, item_list_name: title };
}

/** The event with the list (select_prod_list) on each of its ecommerce items. */
export function withList(event: TrackingEvent, list: ProductList | undefined): TrackingEvent {
  if (!list || !event.ecommerce?.items) return event;
  const items = event.ecommerce.items.map((item) => ({ ...item, listId: list.item_list_id, listName: list.item_list_name }));
  return { ...event, ecommerce: { ...event.ecommerce, items } };
}

/** One of the server's static events (PageData `events`) as the tracking feature's event. */
export function fromStaticEvent(event: StaticEvent): TrackingEvent {
  const items: EcommerceItem[] = event.items.map((item) => ({
    id: item.id,
    name: item.name,
    quantity: item.quantity,
    ...(item.price !== null ? { price: item.price } : {}),
    ...(typeof item.index === 'number' ? { index: item.index } : {}),
    ...(item.category ? { category: item.category } : {}),
    ...(item.item_list_id ? { listId: item.item_list_id } : {}),
    ...(item.item_list_name ? { listName: item.item_list_name } : {}),
  }));
  const ecommerce: EcommerceData = {
    currency: event.currency,
    pageType: event.page_type,
    ...(event.value !== null ? { value: event.value } : {}),
    ...(items.length > 0 ? { items } : {}),
    ...(event.search_term !== null ? { searchTerm: event.search_term } : {}),
  };
  const providers = event.providers.filter((p): p is ProviderId => (PROVIDER_IDS as readonly string[]).includes(p));
  return createEvent(event.name, { type: 'static', ecommerce, ...(providers.length > 0 ? { providers } : {}) });
}

/** The static events the server put on this page (product, listing and cart pages). */
export function serverEventsOf(page: PageData): StaticEvent[] {
  return page.route === 'product' || page.route === 'listing' || page.route === 'cart' ? page.events : [];
}

/**
 * The page's events besides the page view, as the server computed them (the same for every
 * visitor); ViewContent carries the list the product was selected from, when known
 * (select_prod_list, the visitor's own).
 */
export function pageEventsFor(page: PageData, selected?: ProductList): TrackingEvent[] {
  return serverEventsOf(page).map((event) => {
    const tracked = fromStaticEvent(event);
    return tracked.name === 'ViewContent' ? withList(tracked, selected) : tracked;
  });
}

/** The items a listing's list event shows (for select_item), in the page's currency. */
export function shownItemsOf(events: TrackingEvent[]): ShownItems | undefined {
  const list = events.find((e) => e.name === 'ViewItemList' || e.name === 'ViewCategory');
  return list?.ecommerce?.items ? { currency: list.ecommerce.currency, items: list.ecommerce.items } : undefined;
}

/**
 * The AddToCart a successful add stands for, or null: none when the button used carried the
 * `disabled` class (spec §5, whatever the product type or where the button was); grouped and
 * bundle products from their own page by the form's builders; any other add from the cart's
 * reply.
 */
export function addedToCartEvent(detail: AddedToCartDetail, page: PageData | null, currency?: string): TrackingEvent | null {
  if (detail.trigger && isDisabledAddToCart(detail.trigger)) return null;
  const fromForm = formAddToCartEvent(detail, page);
  return fromForm === undefined ? addToCartEventFrom(detail, currency) : fromForm;
}

/**
 * AddToCart for a grouped or bundle product added from its own page, built as spec §5 says from
 * what the form showed (the page's product): grouped children priced from the page with the
 * quantities asked for (not a number → 0; a zero total fires nothing), a bundle's base price
 * plus its items × the bundle quantity (raised to the minimum). Null for any other add.
 */
export function formAddToCartEvent(detail: AddedToCartDetail, page: PageData | null): TrackingEvent | null | undefined {
  if (page?.route !== 'product') return undefined;
  const product = page.product;
  const { request } = detail;
  if (product.id !== request.product_id) return undefined;
  const currency = product.price?.currency || page.site.base_currency;
  if (product.kind === 'grouped') {
    const asked = request.quantities ?? {};
    const children = product.grouped_children
      .filter((child) => child.price && String(child.id) in asked)
      .map((child) => ({ id: String(child.id), name: child.name, price: child.price!.min_minor, quantity: asked[String(child.id)] ?? 0 }));
    return groupedAddToCartEvent(children, currency);
  }
  if (product.kind === 'bundle' && product.bundle) {
    const bundle = product.bundle;
    const quantity = clampQuantity(parseQuantity(request.quantity ?? 1), product.quantity.min);
    return bundleAddToCartEvent(
      {
        id: String(product.id),
        name: product.name,
        basePrice: bundle.base_price.amount_minor,
        currency: bundle.base_price.currency || currency,
        items: bundle.items.map((item) => ({ id: String(item.product.id), price: item.price.amount_minor, quantity: item.quantity })),
      },
      quantity,
    );
  }
  return undefined;
}

/**
 * AddToCart for one successful add: the lines the server says it touched, each with the
 * quantity that was asked for (grouped products: per child). Nothing when no line is known or
 * the value is zero.
 */
export function addToCartEventFrom(detail: AddedToCartDetail, fallbackCurrency?: string): TrackingEvent | null {
  const { request, response } = detail;
  const lines = response.cart.items.filter((item) => response.added.includes(item.key));
  if (lines.length === 0) return null;
  const quantityOf = (productId: number): number => {
    const grouped = request.quantities?.[String(productId)];
    const asked = grouped ?? request.quantity ?? 1;
    return Number.isFinite(asked) && asked > 0 ? Math.trunc(asked) : 0;
  };
  const currency = lines[0]?.unit_price.currency ?? fallbackCurrency ?? 'USD';
  if (lines.length === 1) {
    const line = lines[0]!;
    const quantity = quantityOf(line.product_id);
    if (quantity === 0) return null;
    const product: ProductInfo = {
      id: String(line.variation_id ?? line.product_id),
      name: line.product_name,
      price: line.unit_price.amount_minor,
      currency,
      ...(line.variation_id ? { variant: line.name } : {}),
    };
    return addToCartEvent(product, quantity);
  }
  const items: Array<EcommerceItem & { price: number }> = lines
    .map((line) => ({
      id: String(line.variation_id ?? line.product_id),
      name: line.product_name,
      price: line.unit_price.amount_minor,
      quantity: quantityOf(line.product_id),
    }))
    .filter((item) => item.quantity > 0);
  const value = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  if (value === 0) return null;
  return createEvent('AddToCart', { ecommerce: { currency, value, items, pageType: 'cart' } });
}

/** The cart as the checkout priced it: what InitiateCheckout and AddPaymentInfo report. */
export function cartInfo(cart: CartView): CartInfo {
  return {
    currency: cart.currency,
    value: cart.total.amount_minor,
    items: cart.items.map((line) => ({
      id: String(line.variation_id ?? line.product_id),
      name: line.product_name,
      quantity: line.quantity,
      price: line.unit_price.amount_minor,
    })),
  };
}

/**
 * The cart page's events with GA4's `view_cart` filled from the visitor's cart: the server's
 * static event has no lines (the cart is personal, the page cacheable), so its items (id, name,
 * unit price, quantity, position from 0) and its value and currency come from the cart the page
 * shows. Other events pass as they are.
 */
export function withCartLines(events: TrackingEvent[], cart: CartView): TrackingEvent[] {
  return events.map((event) => {
    if (event.name !== 'ViewCart' || !event.ecommerce) return event;
    const info = cartInfo(cart);
    const items = info.items.map((item, index) => ({ ...item, index }));
    return { ...event, ecommerce: { ...event.ecommerce, currency: info.currency, value: info.value, items } };
  });
}

/** InitiateCheckout or AddPaymentInfo for one checkout step; nothing for an empty cart. */
export function checkoutStepEvent(detail: CheckoutStepDetail): TrackingEvent | null {
  if (detail.cart.items.length === 0) return null;
  const info = cartInfo(detail.cart);
  return detail.step === 'initiate_checkout' ? initiateCheckoutEvent(info) : addPaymentInfoEvent(info, detail.paymentType);
}

/**
 * Purchase for a paid order, with the order's own event id (the shop's server copy carries the
 * same one, so the platforms count one purchase).
 */
export function purchaseEventFrom({ order, eventId }: PurchaseDetail): TrackingEvent {
  return purchaseEvent(
    {
      id: String(order.id),
      currency: order.currency,
      value: order.totals.total.amount_minor,
      items: order.lines.map((line) => ({
        id: String(line.variation_id ?? line.product_id),
        name: line.name,
        quantity: line.quantity,
        price: line.unit_price.amount_minor,
      })),
    },
    { eventID: eventId },
  );
}
