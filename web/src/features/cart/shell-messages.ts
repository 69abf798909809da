//! The cart's copy that every page needs at first (the add-to-cart buttons, their announcement
//! and "View cart" link, the mini cart's landmark); the rest (messages.ts) loads with the cart's panels and page.

export const SHELL_MESSAGES = {
  addToCart: 'Add to cart',
  viewCart: 'View cart',
  miniCart: 'Mini cart',
  added: (names: string[]) =>
    names.length > 1
      ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} have been added to your cart.`
      : `${names[0] ?? 'The product'} has been added to your cart.`,
  addFailed: 'The product could not be added to your cart.',
} as const;
