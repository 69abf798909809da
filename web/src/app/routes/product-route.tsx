//! The product page with what other features give it: the variations feature's form for
//! variable products, the cart's add handler and "View cart", and the discounts feature's
//! price and bulk table.

import { BulkTable, QuantityPrice } from '@/features/discounts';
import { ProductPage } from '@/features/product/components/product-page';
import { VariationForm } from '@/features/variations/components/variation-form';
import type { ProductPageData } from '@/lib/api/types';
import { useProductPageCart } from '../cart-wiring';

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
