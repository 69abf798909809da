//! Shopper-facing copy of the variations form (English defaults, WooCommerce wording).

export const messages = {
  noMatch: 'Sorry, no products matched your selection. Please choose a different combination.',
  makeASelection: 'Please select some product options before adding this product to your cart.',
  unavailable: 'Sorry, this product is unavailable. Please choose a different combination.',
  chooseAnOption: 'Choose an option',
  clear: 'Clear',
  addToCart: 'Add to cart',
  quantity: 'Quantity',
  inStock: 'In stock',
  outOfStock: 'Out of stock',
  onlyLeft: (n: number): string => `Only ${n} left in stock`,
  countInStock: (n: number): string => `${n} in stock`,
  sku: 'SKU:',
  weight: 'Weight:',
  dimensions: 'Dimensions:',
} as const;
