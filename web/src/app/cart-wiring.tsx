//! Where the cart feature meets the rest of the app: the header link's mini cart toggle, the
//! listing cards' ajax "Add to cart", and the product page's add handler with "View cart".

import { useCallback, type ReactNode } from 'react';
import type { ProductCardAction } from '@/components/product-card';
import { AddToCartButton, toAddToCartBody, useAddToCart, ViewCartLink } from '@/features/cart';
import type { AddToCartHandler } from '@/features/product/types';
import './cart-wiring.css';

/**
 * Listing cards: simple, purchasable, in-stock products add by ajax (then "View cart"); every
 * other card keeps its own link (the product page, or the external product's URL).
 */
export const cartCardAction: ProductCardAction = (product, describedBy) => {
  const action = product.add_to_cart;
  if (!action.ajax) return undefined;
  return <AddToCartButton productId={product.id} href={action.url} label={action.text} describedBy={describedBy} className="button--small" />;
};

/**
 * The product page's add handler and what follows its button. Every submit is queued by the
 * cart (one request at a time, in order); failures reject so the form shows the message.
 */
export function useProductPageCart(): { onAddToCart: AddToCartHandler; afterAddToCart: ReactNode } {
  const { add, showViewCart } = useAddToCart();
  const onAddToCart = useCallback<AddToCartHandler>(
    async (request) => {
      await add(toAddToCartBody(request));
    },
    [add],
  );
  return { onAddToCart, afterAddToCart: showViewCart ? <ViewCartLink /> : null };
}
