//! What the product page hands to the outside: add-to-cart requests (the cart feature fulfils
//! them) and the contract of the variations form it renders for variable products.

import type { ComponentType } from 'react';
import type { Variation, VariationImage, VariationsFormData } from '@/lib/api/types';

export type AddToCartRequest =
  | { kind: 'simple'; productId: number; quantity: number }
  | { kind: 'variation'; productId: number; variationId: number; quantity: number; attributes: Record<string, string> }
  | { kind: 'grouped'; productId: number; items: { productId: number; quantity: number }[] }
  | { kind: 'bundle'; productId: number; quantity: number };

/**
 * Resolves when the product is in the cart, or with false when the browser was sent elsewhere
 * to sort a failure out; rejects with a message to show otherwise.
 */
export type AddToCartHandler = (request: AddToCartRequest) => void | boolean | Promise<void | boolean>;

export interface VariationAddToCart {
  variationId: number;
  quantity: number;
  attributes: Record<string, string>;
}

/** Props of `VariationForm` (features/variations/components/variation-form). */
export interface VariationFormProps {
  data: VariationsFormData;
  /** The product's own price HTML, shown again when no variation is chosen. */
  basePriceHtml: string;
  onVariationChange?: (variation: Variation | null) => void;
  onImageChange?: (image: VariationImage | null) => void;
  onAddToCart?: (request: VariationAddToCart) => unknown;
}

export type VariationFormComponent = ComponentType<VariationFormProps>;
