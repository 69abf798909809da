//! Where the cart feature meets the rest of the app: the header link's mini cart toggle, the
//! listing cards' ajax "Add to cart", and the product page's add handler with "View cart".

import { useCallback, useState, type ReactNode } from 'react';
import type { ProductCardAction } from '@/components/product-card';
import { AddToCartButton, toAddToCartBody, useCartAdd, ViewCartLink } from '@/features/cart';
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
 * The product page's add handler and what follows its button. The page's form runs the button's
 * states; the cart queues every submit (one request at a time, in order) and rejects with the
 * message the form shows. "View cart" follows once something was added from this page.
 */
export function useProductPageCart(): { onAddToCart: AddToCartHandler; afterAddToCart: ReactNode } {
  const add = useCartAdd();
  const [added, setAdded] = useState(false);
  const onAddToCart = useCallback<AddToCartHandler>(
    async (request, trigger) => {
      const done = await add(toAddToCartBody(request), trigger);
      if (done) setAdded(true);
      return done;
    },
    [add],
  );
  return { onAddToCart, afterAddToCart: added ? <ViewCartLink /> : null };
}
