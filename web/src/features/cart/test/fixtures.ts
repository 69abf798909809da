//! Test-only carts: lines and whole carts with consistent counts, totals and hashes.

import { money } from '@/lib/api/fixtures/money';
import type { CartItemView, CartView, ProductSummaryView } from '@/lib/api/types';

export interface ProductStub {
  id: number;
  name: string;
  priceMinor: number;
  max?: number | null;
  /** Only the server knows: PATCH above it answers insufficient_stock. */
  stock?: number;
  soldIndividually?: boolean;
  attributes?: { name: string; value: string }[];
}

export const HOODIE: ProductStub = { id: 46, name: 'Hoodie', priceMinor: 4500 };
export const BEANIE: ProductStub = { id: 47, name: 'Beanie', priceMinor: 1800 };
export const CAP: ProductStub = { id: 48, name: 'Cap', priceMinor: 1600, stock: 3 };
export const SCARF: ProductStub = { id: 49, name: 'Scarf', priceMinor: 2000, max: 4 };

function hex(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x1234567;
  for (const char of text) {
    a = Math.imul(a ^ char.charCodeAt(0), 0x01000193) >>> 0;
    b = Math.imul(b + char.charCodeAt(0), 0x5bd1e995) >>> 0;
  }
  return (a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0')).repeat(2);
}

export function lineKey(productId: number): string {
  return hex(`line-${productId}`);
}

export function cartItem(product: ProductStub, quantity: number): CartItemView {
  return {
    key: lineKey(product.id),
    product_id: product.id,
    variation_id: null,
    name: product.attributes ? `${product.name} - ${product.attributes.map((a) => a.value).join(', ')}` : product.name,
    product_name: product.name,
    url: `/product/${product.name.toLowerCase()}/`,
    image: null,
    attributes: product.attributes ?? [],
    quantity,
    quantity_rules: { min: 1, max: product.max ?? null, step: 1, sold_individually: product.soldIndividually ?? false },
    unit_price: money(product.priceMinor),
    regular_price: money(product.priceMinor),
    line_total: money(product.priceMinor * quantity),
    discounts: [],
  };
}

export function cartOf(items: CartItemView[], extra: Partial<CartView> = {}): CartView {
  const subtotal = items.reduce((sum, item) => sum + item.line_total.amount_minor, 0);
  return {
    items,
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal: money(subtotal),
    total: money(subtotal),
    cart_hash: items.length === 0 ? '' : hex(items.map((item) => `${item.key}:${item.quantity}`).join('|')),
    cross_sells: [],
    notices: [],
    currency: 'USD',
    discount_total: money(0),
    discounts: [],
    free_shipping: false,
    ...extra,
  };
}

export const EMPTY_CART = cartOf([]);

export function crossSell(id: number, name: string, ajax = true): ProductSummaryView {
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  return {
    id,
    name,
    slug,
    url: `/product/${slug}/`,
    kind: 'simple',
    type_code: 0,
    sku: null,
    price: { currency: 'USD', min_minor: 1000, max_minor: 1000, regular_minor: null, text: '$10.00', regular_text: null, html: '$10.00' },
    on_sale: false,
    featured: false,
    image: null,
    short_description: '',
    is_in_stock: true,
    is_purchasable: true,
    stock: { status: 'in_stock', quantity: null, text: 'In stock' },
    quantity: { min: 1, max: null, step: 1, sold_individually: false },
    add_to_cart: { text: ajax ? 'Add to cart' : 'Read more', url: `/product/${slug}/`, ajax, external: false },
    swatches: [],
  };
}
