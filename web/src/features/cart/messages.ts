//! English copy for the cart (ui-contract.md names, WooCommerce wording elsewhere).

import { SHELL_MESSAGES } from './shell-messages';

export const messages = {
  ...SHELL_MESSAGES,
  miniCartHeading: 'Cart',
  closeMiniCart: 'Close mini cart',
  goToCart: 'Go to cart',
  checkout: 'Checkout',
  proceedToCheckout: 'Proceed to checkout',
  miniCartEmpty: 'No products in the cart.',
  subtotal: 'Subtotal',
  total: 'Total',
  cartTitle: 'Cart',
  cartTotals: 'Cart totals',
  updateCart: 'Update cart',
  crossSells: 'You may be interested in…',
  emptyCart: 'Your cart is currently empty.',
  returnToShop: 'Return to shop',
  loadingCart: 'Loading your cart…',
  loadFailed: 'Your cart could not be loaded.',
  retry: 'Try again',
  product: 'Product',
  price: 'Price',
  quantity: 'Quantity',
  remove: (name: string) => `Remove ${name} from cart`,
  /** Cart page spinbutton (ui-contract). */
  quantityFor: (name: string) => `Quantity for ${name}`,
  /**
   * Mini cart spinbutton. Deliberately free of "Quantity": the mini cart opens over product
   * pages, whose own spinbutton is "Quantity" (and "Quantity for {child}" on grouped products).
   */
  numberOf: (name: string) => `Number of ${name}`,
  removed: (name: string) => `${name} removed.`,
  updated: 'Cart updated.',
  removeFailed: 'The item could not be removed from your cart.',
  /** WooCommerce's screen-reader words around a struck-through price. */
  originalPrice: 'Original price was: ',
  currentPrice: 'Current price is: ',
  /** A discount taken off the cart ("−$2.00", with a minus sign). */
  discountAmount: (amount: string) => `\u2212${amount}`,
  /** A buy-X-get-Y offer's free-item choice (ui-contract-additions: group "Choose your free item: {offer}"). */
  chooseFreeItem: (offer: string) => `Choose your free item: ${offer}`,
  rewardHint: 'Pick the item you get for free; it is added to your cart.',
  rewardIs: (name: string) => `Your free item: ${name}.`,
  rewardChosen: (name: string) => `${name} is your free item.`,
  rewardFailed: 'Your free item could not be changed.',
  free: 'Free',
} as const;
