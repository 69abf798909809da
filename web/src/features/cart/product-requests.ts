//! Turns the product page's add-to-cart requests (features/product AddToCartRequest, mirrored
//! here by shape since features do not import each other) into the cart API's body.

import type { AddToCartBody } from '@/lib/api/types';

export type ProductAddRequest =
  | { kind: 'simple'; productId: number; quantity: number }
  | { kind: 'variation'; productId: number; variationId: number; quantity: number; attributes: Record<string, string> }
  | { kind: 'grouped'; productId: number; items: { productId: number; quantity: number }[] }
  | { kind: 'bundle'; productId: number; quantity: number };

export function toAddToCartBody(request: ProductAddRequest): AddToCartBody {
  switch (request.kind) {
    case 'simple':
    case 'bundle':
      return { product_id: request.productId, quantity: request.quantity };
    case 'variation':
      return {
        product_id: request.productId,
        variation_id: request.variationId,
        quantity: request.quantity,
        attributes: request.attributes,
      };
    case 'grouped':
      return {
        product_id: request.productId,
        quantities: Object.fromEntries(request.items.map((item) => [String(item.productId), item.quantity])),
      };
  }
}
