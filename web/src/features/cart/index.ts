//! The cart feature's public face: the provider, the components the app places, and the hooks
//! the app hands to product forms and the header.

export { CartProvider, useCart, useCartRefresh, useMiniCart, useMiniCartToggleProps, type CartProviderProps, type MiniCartControls } from './cart-context';
export { useCartSummary, type CartSummary } from './cart-summary-context';
export { AddToCartButton, type AddToCartButtonProps } from './components/add-to-cart-button';
export { ViewCartLink } from './components/view-cart-link';
export { MiniCart } from './components/mini-cart';
export { CartPage, type CartPageProps } from './components/cart-page';
export { useCartAdd, type CartAdd, type UseCartAddOptions } from './hooks/use-cart-add';
export { toAddToCartBody, type ProductAddRequest } from './product-requests';
export type { CartStore, CartState } from './cart-store';
export { CART_HASH_COOKIE, MINI_CART_ID } from './constants';
export { ADDED_TO_CART_EVENT, dispatchAddedToCart, type AddedToCartDetail } from './added-event';
