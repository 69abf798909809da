//! External products: their button text, linking out to the seller.

import type { ProductView } from '@/lib/api/types';

export function ExternalButton({ product }: { product: ProductView }) {
  const url = product.external?.url ?? product.add_to_cart.url;
  const text = product.external?.button_text || product.add_to_cart.text;
  return (
    <p className="cart add-to-cart">
      <a className="button button--primary add-to-cart__button" href={url} rel="nofollow noopener">
        {text}
      </a>
    </p>
  );
}
