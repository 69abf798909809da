//! What the header needs to know about the cart (its item count), provided by whoever owns the
//! cart state; without a provider the cart is empty.

import { createContext, useContext, type ReactNode } from 'react';

export interface CartSummary {
  /** Sum of line quantities, as WooCommerce counts "Cart, N items". */
  itemCount: number;
}

export const EMPTY_CART_SUMMARY: CartSummary = { itemCount: 0 };

const CartSummaryContext = createContext<CartSummary>(EMPTY_CART_SUMMARY);

export function CartSummaryProvider({ value, children }: { value: CartSummary; children: ReactNode }) {
  return <CartSummaryContext.Provider value={value}>{children}</CartSummaryContext.Provider>;
}

export function useCartSummary(): CartSummary {
  return useContext(CartSummaryContext);
}
