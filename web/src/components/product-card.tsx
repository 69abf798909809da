//! A product in a grid: image, sale badge, name, price and the button its type calls for.

import { createContext, useContext, useId, useState, type ReactNode } from 'react';
import { Link } from '@/lib/router';
import type { ProductSummaryView } from '@/lib/api/types';
import { CardSwatches } from './card-swatches';
import { Price } from './price';
import { ProductImage } from './product-image';

/**
 * The card's button slot: returns what to show instead of the default button (a link to the
 * product, or the external product's link), or `undefined` to keep the default. `describedBy`
 * is the card title's id, so "Add to cart" is not ambiguous among many cards.
 */
export type ProductCardAction = (product: ProductSummaryView, describedBy: string) => ReactNode | undefined;

const ProductCardActionContext = createContext<ProductCardAction | undefined>(undefined);

/** Fills the button slot of every card below (e.g. the cart's ajax "Add to cart"). */
export function ProductCardActionProvider({ value, children }: { value: ProductCardAction | undefined; children: ReactNode }) {
  return <ProductCardActionContext.Provider value={value}>{children}</ProductCardActionContext.Provider>;
}

/** The button slot in force here, so a card-like view (quick view) can offer the same button. */
export function useProductCardAction(): ProductCardAction | undefined {
  return useContext(ProductCardActionContext);
}

/** Controls laid over the card's image (e.g. "Quick view {name}"), above its stretched link. */
export type ProductCardMediaAction = (product: ProductSummaryView) => ReactNode;

const ProductCardMediaContext = createContext<ProductCardMediaAction | undefined>(undefined);

export function ProductCardMediaProvider({ value, children }: { value: ProductCardMediaAction | undefined; children: ReactNode }) {
  return <ProductCardMediaContext.Provider value={value}>{children}</ProductCardMediaContext.Provider>;
}

export interface ProductCardProps {
  product: ProductSummaryView;
  /** h2 on listings, h3 under a section heading. */
  headingLevel?: 2 | 3;
  eager?: boolean;
  /** The button slot; defaults to the one a ProductCardActionProvider above gives. */
  renderAction?: ProductCardAction;
}

function DefaultCardButton({ product, describedBy }: { product: ProductSummaryView; describedBy: string }) {
  const { add_to_cart: action } = product;
  if (action.external) {
    return (
      <a className="button button--small" href={action.url} rel="nofollow noopener" aria-describedby={describedBy}>
        {action.text}
      </a>
    );
  }
  return (
    <Link className="button button--small" to={action.url || product.url} aria-describedby={describedBy}>
      {action.text}
    </Link>
  );
}

export function ProductCard({ product, headingLevel = 2, eager = false, renderAction }: ProductCardProps) {
  const titleId = useId();
  const fromContext = useContext(ProductCardActionContext);
  const custom = (renderAction ?? fromContext)?.(product, titleId);
  const media = useContext(ProductCardMediaContext)?.(product);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [chosen, setChosen] = useState<string | null>(null);
  const swatch = product.swatches.find((s) => s.value === chosen);
  const image = swatch?.image ?? product.image;
  const price = swatch?.price ?? product.price;
  return (
    <li className="product-card" data-testid="product-card" data-product-id={product.id}>
      <div className="product-card__media">
        {image ? (
          <ProductImage image={image} alt="" eager={eager} className="product-card__image" sizes="(min-width: 850px) 360px, (min-width: 550px) 33vw, 50vw" />
        ) : (
          <div className="product-card__placeholder" aria-hidden="true" />
        )}
        {product.on_sale && <span className="badge badge--sale">Sale!</span>}
        {media}
      </div>
      <div className="product-card__body">
        <Heading className="product-card__title" id={titleId}>
          {/* Stretched over the card (CSS) so the image opens the product too, with one link. */}
          <Link className="product-card__link" to={product.url}>
            {product.name}
          </Link>
        </Heading>
        <p className="product-card__price">
          <Price price={price} productId={swatch ? undefined : product.id} />
        </p>
        <CardSwatches productName={product.name} swatches={product.swatches} selected={chosen} onSelect={setChosen} />
      </div>
      <div className="product-card__actions">{custom !== undefined ? custom : <DefaultCardButton product={product} describedBy={titleId} />}</div>
    </li>
  );
}
