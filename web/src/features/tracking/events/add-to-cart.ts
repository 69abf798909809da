//! Add-to-cart rules for grouped and bundle products (spec §5): quantities, totals, no-op cases.

import type { EcommerceItem, TrackingEvent } from '../types';
import { createEvent, type EventInit } from './builders';

/** Product types as the spec numbers them. */
export const PRODUCT_TYPE = { simple: 0, variable: 1, bundle: 2, grouped: 3 } as const;

/** A quantity field's value as an integer; anything that is not a number counts as 0. */
export function parseQuantity(raw: string | number | null | undefined): number {
  const n = typeof raw === 'number' ? Math.trunc(raw) : parseInt(String(raw ?? ''), 10);
  return Number.isNaN(n) ? 0 : n;
}

/** Quantities below the input's minimum are raised to it. */
export function clampQuantity(quantity: number, min = 1): number {
  return quantity < min ? min : quantity;
}

/** A click on an add-to-cart button carrying the `disabled` class is ignored. */
export function isDisabledAddToCart(button: Element): boolean {
  return button.classList.contains('disabled');
}

export interface GroupedChild {
  id: string;
  name?: string;
  /** Unit price in minor units. */
  price: number;
  /** The child's quantity field, as typed. */
  quantity: string | number;
}

/**
 * A grouped product's add to cart: children with quantity 0 are left out, the value is the sum
 * of price × quantity, and a zero total fires nothing (null).
 */
export function groupedAddToCartEvent(children: GroupedChild[], currency: string, init: EventInit = {}): TrackingEvent | null {
  const items: EcommerceItem[] = [];
  let value = 0;
  for (const child of children) {
    const quantity = parseQuantity(child.quantity);
    value += child.price * quantity;
    if (quantity > 0) items.push({ id: child.id, quantity, price: child.price, ...(child.name ? { name: child.name } : {}) });
  }
  if (value === 0) return null;
  return createEvent('AddToCart', { ...init, ecommerce: { currency, value, items, pageType: 'cart' } });
}

export interface BundledItem {
  id: string;
  /** Price per unit in minor units. */
  price: number;
  quantity: string | number;
  /** Optional items count only when selected. */
  optional?: boolean;
  selected?: boolean;
}

/** Bundle value per unit: base price plus each included item's price × quantity. */
export function bundleUnitValue(basePrice: number, items: BundledItem[]): number {
  return items
    .filter((i) => !i.optional || i.selected)
    .reduce((sum, i) => sum + i.price * parseQuantity(i.quantity), basePrice);
}

export interface BundleInfo {
  id: string;
  name?: string;
  basePrice: number;
  currency: string;
  items: BundledItem[];
}

/** A bundle's add to cart: (base price + items) × bundle quantity. */
export function bundleAddToCartEvent(bundle: BundleInfo, quantity: number, init: EventInit = {}): TrackingEvent {
  const unit = bundleUnitValue(bundle.basePrice, bundle.items);
  const line: EcommerceItem = { id: bundle.id, quantity, price: unit, ...(bundle.name ? { name: bundle.name } : {}) };
  return createEvent('AddToCart', {
    ...init,
    ecommerce: { currency: bundle.currency, value: unit * quantity, items: [line], pageType: 'cart' },
  });
}
