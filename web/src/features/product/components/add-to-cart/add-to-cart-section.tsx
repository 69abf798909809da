//! The add-to-cart form a product's type calls for, with the page's slot right after its button
//! (the cart's "View cart" link once something was added).

import type { ReactNode } from 'react';
import type { ProductView, Variation, VariationImage } from '@/lib/api/types';
import type { AddToCartHandler, VariationFormComponent } from '../../types';
import { BundleForm } from './bundle-form';
import { ExternalButton } from './external-button';
import { GroupedForm } from './grouped-form';
import { SimpleForm } from './simple-form';

interface AddToCartSectionProps {
  product: ProductView;
  VariationForm: VariationFormComponent;
  onAddToCart?: AddToCartHandler;
  /** Shown right after the add button. */
  afterButton?: ReactNode;
  onVariationChange: (variation: Variation | null) => void;
  onImageChange: (image: VariationImage | null) => void;
  /** The quantity the shopper sets (simple and variable products). */
  onQuantityChange?: (quantity: number) => void;
}

export function AddToCartSection({ product, VariationForm, onAddToCart, afterButton, onVariationChange, onImageChange, onQuantityChange }: AddToCartSectionProps) {
  switch (product.kind) {
    case 'simple':
      return product.is_purchasable && product.is_in_stock ? (
        <SimpleForm product={product} onAddToCart={onAddToCart} afterButton={afterButton} onQuantityChange={onQuantityChange} />
      ) : null;
    case 'external':
      return <ExternalButton product={product} />;
    case 'grouped':
      return <GroupedForm product={product} onAddToCart={onAddToCart} afterButton={afterButton} />;
    case 'bundle':
      return product.bundle ? <BundleForm product={product} bundle={product.bundle} onAddToCart={onAddToCart} afterButton={afterButton} /> : null;
    case 'variable':
      if (!product.variations_form) return null;
      return (
        <div className="add-to-cart add-to-cart--variable">
          <VariationForm
            data={product.variations_form}
            basePriceHtml={product.price?.html ?? ''}
            onVariationChange={onVariationChange}
            onImageChange={onImageChange}
            onQuantityChange={onQuantityChange}
            onAddToCart={
              onAddToCart
                ? (request, trigger) => onAddToCart({ kind: 'variation', productId: product.id, ...request }, trigger)
                : undefined
            }
          />
          {/* The variations form ends with its button, so this lands right after it. */}
          {afterButton}
        </div>
      );
  }
}
