//! What the product page hands to the outside: add-to-cart requests (the cart feature fulfils
//! them) and the contract of the variations form it renders for variable products.

import type { ComponentType, ReactNode } from 'react';
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
export type AddToCartHandler = (request: AddToCartRequest, trigger?: Element) => void | boolean | Promise<void | boolean>;

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
  /** `trigger`: the button used, as it was then (tracking's disabled-class rule reads it). */
  onAddToCart?: (request: VariationAddToCart, trigger?: Element) => unknown;
  /** The quantity field's value, whenever the shopper changes it (not for the initial value). */
  onQuantityChange?: (quantity: number) => void;
}

export type VariationFormComponent = ComponentType<VariationFormProps>;

/**
 * The price block of the page (features/discounts: the price following the quantity). It renders
 * the contract's price element, `data-testid="product-price"`, and anything that goes with it.
 */
export interface PriceAreaProps {
  productId: number;
  /** The chosen variation of a variable product, else null. */
  variationId: number | null;
  /** The quantity in the add-to-cart form; null until the shopper changes it. */
  quantity: number | null;
  /** A variable product (its price depends on the variation). */
  needsVariation: boolean;
  /** The page's own price: the product's, or the chosen variation's. */
  children: ReactNode;
  /** The add-to-cart form as it stands (null when the product has none). */
  form?: () => HTMLFormElement | null;
}

export type PriceAreaComponent = ComponentType<PriceAreaProps>;

/** Shown before the add-to-cart form (features/discounts: the bulk-discount table). */
export interface BulkTableSlotProps {
  productId: number;
  variationId: number | null;
  /** A variable product (its table is per variation). */
  needsVariation: boolean;
}

export type BulkTableComponent = ComponentType<BulkTableSlotProps>;
