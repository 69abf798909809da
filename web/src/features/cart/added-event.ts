//! "Added to cart" as a window event, so other features (tracking) can follow a successful add
//! without importing the cart: `window.addEventListener(ADDED_TO_CART_EVENT, (e) => e.detail)`.

import type { AddToCartBody, AddToCartResponse } from '@/lib/api/types';

export const ADDED_TO_CART_EVENT = 'vitrine:added-to-cart';

export interface AddedToCartDetail {
  /** What was asked for (product, variation, quantity or grouped quantities). */
  request: AddToCartBody;
  /** The server's answer: the cart and the keys of the lines the add touched. */
  response: AddToCartResponse;
  /**
   * The add-to-cart button used, as it was at that moment (absent for adds no button made);
   * tracking ignores an add whose button carried the `disabled` class (spec §5).
   */
  trigger?: Element;
}

/** Dispatched once per successful add; never throws (a listener's error stays its own). */
export function dispatchAddedToCart(detail: AddedToCartDetail, target: EventTarget | undefined = globalThis.window): void {
  if (!target || typeof CustomEvent === 'undefined') return;
  try {
    target.dispatchEvent(new CustomEvent<AddedToCartDetail>(ADDED_TO_CART_EVENT, { detail }));
  } catch (error) {
    console.error('cart: an added-to-cart listener failed', error);
  }
}
