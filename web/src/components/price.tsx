//! A product price as the server formatted it: a range, a single price, or a sale price with
//! the old one struck through (WooCommerce's wording for screen readers).

import type { PriceView } from '@/lib/api/types';

export function Price({ price }: { price: PriceView | null }) {
  if (!price) return null;
  if (price.regular_text) {
    return (
      <span className="price-amount price-amount--sale">
        <del>
          <span className="sr-only">Original price was: </span>
          {price.regular_text}
        </del>{' '}
        <ins>
          <span className="sr-only">Current price is: </span>
          {price.text}
        </ins>
      </span>
    );
  }
  return <span className="price-amount">{price.text}</span>;
}
