//! Event builders for the shop's standard events (spec §3, §9); amounts are minor units.

import { newEventId } from '../token';
import type { EcommerceData, EcommerceItem, EventParams, TrackingEvent } from '../types';

export interface EventInit extends Partial<Omit<TrackingEvent, 'name'>> {
  random?: () => number;
}

/** A tracking event with a fresh 36-character id unless one is given. */
export function createEvent(name: string, init: EventInit = {}): TrackingEvent {
  const { random, ...rest } = init;
  return { params: {}, type: 'dynamic', ...rest, name, eventID: rest.eventID ?? newEventId(random) };
}

/** A product as the page knows it; `price` is the unit price in minor units. */
export interface ProductInfo {
  id: string;
  name?: string;
  price: number;
  currency: string;
  category?: string;
  variant?: string;
}

export interface CartInfo {
  currency: string;
  /** Total in minor units. */
  value: number;
  items: EcommerceItem[];
}

function item(product: ProductInfo, quantity: number): EcommerceItem {
  const { id, name, price, category, variant } = product;
  return { id, quantity, price, ...(name ? { name } : {}), ...(category ? { category } : {}), ...(variant ? { variant } : {}) };
}

function ecommerce(currency: string, value: number, items: EcommerceItem[], extra: Partial<EcommerceData> = {}): EcommerceData {
  return { currency, value, items, ...extra };
}

export function pageViewEvent(init: EventInit = {}): TrackingEvent {
  return createEvent('PageView', { type: 'static', ...init });
}

export function viewContentEvent(product: ProductInfo, init: EventInit = {}): TrackingEvent {
  return createEvent('ViewContent', {
    type: 'static',
    ...init,
    ecommerce: ecommerce(product.currency, product.price, [item(product, 1)], { pageType: 'product' }),
  });
}

/** Simple or variable product: value is unit price × quantity. */
export function addToCartEvent(product: ProductInfo, quantity: number, init: EventInit = {}): TrackingEvent {
  return createEvent('AddToCart', {
    ...init,
    ecommerce: ecommerce(product.currency, product.price * quantity, [item(product, quantity)], { pageType: 'cart' }),
  });
}

export function addToWishListEvent(product: ProductInfo, init: EventInit = {}): TrackingEvent {
  return createEvent('AddToWishList', { ...init, ecommerce: ecommerce(product.currency, product.price, [item(product, 1)]) });
}

export function initiateCheckoutEvent(cart: CartInfo, init: EventInit = {}): TrackingEvent {
  return createEvent('InitiateCheckout', {
    type: 'static',
    ...init,
    ecommerce: ecommerce(cart.currency, cart.value, cart.items, { pageType: 'cart' }),
  });
}

export function addPaymentInfoEvent(cart: CartInfo, paymentType?: string, init: EventInit = {}): TrackingEvent {
  return createEvent('AddPaymentInfo', {
    ...init,
    ecommerce: ecommerce(cart.currency, cart.value, cart.items, paymentType ? { paymentType } : {}),
  });
}

export interface OrderInfo extends CartInfo {
  id: string;
}

/**
 * Purchase, once per order (guarded by a 1-day cookie in the dispatcher). Pass the server's
 * deterministic event id (e.g. derived from the order id) so every platform deduplicates.
 */
export function purchaseEvent(order: OrderInfo, init: EventInit = {}): TrackingEvent {
  return createEvent('Purchase', {
    type: 'static',
    key: 'Purchase',
    ...init,
    wooOrder: order.id,
    ecommerce: ecommerce(order.currency, order.value, order.items, { transactionId: order.id, pageType: 'purchase' }),
  });
}

export function leadEvent(params: EventParams = {}, init: EventInit = {}): TrackingEvent {
  return createEvent('Lead', { ...init, params });
}

export function completeRegistrationEvent(params: EventParams = {}, init: EventInit = {}): TrackingEvent {
  return createEvent('CompleteRegistration', { type: 'static', ...init, params });
}

export function searchEvent(term: string, init: EventInit = {}): TrackingEvent {
  return createEvent('Search', { type: 'static', ...init, ecommerce: { searchTerm: term, pageType: 'searchresults' } });
}
