//! The product page with what other features give it: the variations feature's form for
//! variable products (a chunk of its own), the cart's add handler and "View cart", and the
//! discounts feature's price and bulk table.

import { onDemand } from '@/components/on-demand';
import { BulkTable, QuantityPrice } from '@/features/discounts';
import { ProductPage } from '@/features/product/components/product-page';
import type { ProductPageData } from '@/lib/api/types';
import { useProductPageCart } from '../cart-wiring';
import { variationForm } from './page-views';

/** Loaded with a variable product's page (page-views.ts), so it renders at once. */
const VariationForm = onDemand(variationForm, (form) => form);

export function ProductRoute({ page }: { page: ProductPageData }) {
  const { onAddToCart, afterAddToCart } = useProductPageCart();
  return (
    <ProductPage
      product={page.product}
      columns={page.site.columns}
      VariationForm={VariationForm}
      onAddToCart={onAddToCart}
      afterAddToCart={afterAddToCart}
      PriceArea={QuantityPrice}
      BulkTable={BulkTable}
    />
  );
}
