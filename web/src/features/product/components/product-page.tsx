//! The single product page: breadcrumbs, gallery, summary with the type's add-to-cart form,
//! tabs, and upsell / related products.

import { useRef, useState, type ReactNode } from 'react';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { Price } from '@/components/price';
import { ProductGrid } from '@/components/product-grid';
import { RichText } from '@/components/rich-text';
import type { ProductView, Variation, VariationImage } from '@/lib/api/types';
import type { AddToCartHandler, BulkTableComponent, PriceAreaComponent, VariationFormComponent } from '../types';
import { AddToCartSection } from './add-to-cart/add-to-cart-section';
import { ProductGallery } from './product-gallery';
import { productTabs } from './product-details';
import { ProductMeta } from './product-meta';
import { ProductTabs } from './product-tabs';
import { StickyAddToCart } from './sticky-add-to-cart';

interface ProductPageProps {
  product: ProductView;
  columns: number;
  /** The variations form for variable products (features/variations). */
  VariationForm: VariationFormComponent;
  onAddToCart?: AddToCartHandler;
  /** Shown right after the add-to-cart button (the cart's "View cart" link once added). */
  afterAddToCart?: ReactNode;
  /** The price block following the quantity (features/discounts); default: the page's own price. */
  PriceArea?: PriceAreaComponent;
  /** The bulk-discount table before the add-to-cart form (features/discounts). */
  BulkTable?: BulkTableComponent;
}

/** Products whose add-to-cart form has one quantity for the product (or the chosen variation). */
/** The add-to-cart form of a simple or variable product (WooCommerce's `form.cart`). */
const ADD_TO_CART_FORM = 'form.cart, form.variations_form';

const SINGLE_QUANTITY_KINDS = new Set<ProductView['kind']>(['simple', 'variable', 'bundle']);

export function ProductPage({ product, columns, VariationForm, onAddToCart, afterAddToCart, PriceArea, BulkTable }: ProductPageProps) {
  const [variation, setVariation] = useState<Variation | null>(null);
  const [quantity, setQuantity] = useState<number | null>(null);
  const [variationImage, setVariationImage] = useState<VariationImage | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const sku = variation?.sku || product.sku;
  // Variable products show stock per variation, inside the variations form (as WooCommerce does).
  const showStock = !(product.kind === 'variable' && product.variations_form);
  const variationId = variation?.variation_id ?? null;
  const ownPrice = variation?.price_html ? (
    <span className="price-amount" dangerouslySetInnerHTML={{ __html: variation.price_html }} />
  ) : (
    <Price price={product.price} productId={product.id} />
  );

  return (
    <div className="container product-page">
      <Breadcrumbs items={product.breadcrumbs} />
      <article className={`product product--${product.kind}`}>
        <div className="product__top">
          <ProductGallery images={product.images} productName={product.name} override={variationImage} onSale={product.on_sale} />
          <div className="product__summary" ref={summaryRef}>
            <h1 className="product__title">{product.name}</h1>
            {PriceArea ? (
              <PriceArea
                productId={product.id}
                variationId={variationId}
                quantity={quantity}
                needsVariation={product.kind === 'variable'}
                form={() => summaryRef.current?.querySelector<HTMLFormElement>(ADD_TO_CART_FORM) ?? null}
              >
                {ownPrice}
              </PriceArea>
            ) : (
              <p className="product__price" data-testid="product-price">
                {ownPrice}
              </p>
            )}
            <RichText className="product__short-description" html={product.short_description} />
            {BulkTable && SINGLE_QUANTITY_KINDS.has(product.kind) && (
              <BulkTable productId={product.id} variationId={variationId} needsVariation={product.kind === 'variable'} />
            )}
            {showStock && (
              <p className={`stock stock--${product.stock.status}`} data-testid="product-stock">
                {product.stock.text}
              </p>
            )}
            <AddToCartSection
              product={product}
              VariationForm={VariationForm}
              onAddToCart={onAddToCart}
              afterButton={afterAddToCart}
              onVariationChange={setVariation}
              onImageChange={setVariationImage}
              onQuantityChange={setQuantity}
            />
            <ProductMeta sku={sku} categories={product.categories} tags={product.tags} />
            {product.purchase_note && <RichText className="product__note" html={product.purchase_note} />}
          </div>
        </div>
        <ProductTabs tabs={productTabs(product, variation)} />
      </article>
      <StickyAddToCart product={product} variation={variation} summaryRef={summaryRef} />
      {product.upsells.length > 0 && (
        <section className="related" aria-labelledby="upsells-title">
          <h2 id="upsells-title" className="section-title">
            You may also like…
          </h2>
          <ProductGrid products={product.upsells} columns={columns} headingLevel={3} />
        </section>
      )}
      {product.related.length > 0 && (
        <section className="related" aria-labelledby="related-title">
          <h2 id="related-title" className="section-title">
            Related products
          </h2>
          <ProductGrid products={product.related} columns={columns} headingLevel={3} />
        </section>
      )}
    </div>
  );
}
