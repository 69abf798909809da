//! Cross-sells under the cart: simple cards, with an ajax "Add to cart" where the product
//! allows it (no "View cart" link: this is the cart page).

import { useId } from 'react';
import { Link } from '@/lib/router';
import { Price } from '@/components/price';
import { ProductImage } from '@/components/product-image';
import type { ProductSummaryView } from '@/lib/api/types';
import { messages } from '../messages';
import { AddToCartButton } from './add-to-cart-button';

export function CrossSells({ products }: { products: ProductSummaryView[] }) {
  const headingId = useId();
  if (products.length === 0) return null;
  return (
    <section className="cross-sells" aria-labelledby={headingId}>
      <h2 id={headingId}>{messages.crossSells}</h2>
      <ul className="cross-sells__grid">
        {products.map((product) => (
          <CrossSellCard key={product.id} product={product} />
        ))}
      </ul>
    </section>
  );
}

function CrossSellCard({ product }: { product: ProductSummaryView }) {
  const titleId = useId();
  const action = product.add_to_cart;
  return (
    <li className="cross-sells__card">
      <Link to={product.url} className="cross-sells__link">
        {product.image ? (
          <ProductImage image={product.image} alt="" className="cross-sells__image" sizes="(min-width: 850px) 200px, 45vw" />
        ) : (
          <span className="cross-sells__placeholder" aria-hidden="true" />
        )}
        <h3 className="cross-sells__title" id={titleId}>
          {product.name}
        </h3>
      </Link>
      <p className="cross-sells__price">
        <Price price={product.price} />
      </p>
      <AddToCartButton
        productId={action.ajax ? product.id : undefined}
        href={action.ajax ? undefined : action.url || product.url}
        label={action.text}
        isCartPage
        describedBy={titleId}
        className="button--small"
      />
    </li>
  );
}
