//! The stock line of a shown variation.

import type { Variation } from '@/lib/api/types';
import { messages } from '../messages';

/**
 * "Out of stock"; "Only N left in stock" when the units left (variation_stock_left, else
 * max_qty) are at or below the threshold; "N in stock" above it; "In stock" when unmanaged.
 */
export function stockText(variation: Variation, threshold: number): string {
  if (!variation.is_in_stock) return messages.outOfStock;
  const left = variation.variation_stock_left ?? variation.max_qty;
  if (left === null || left <= 0) return messages.inStock;
  return left <= threshold ? messages.onlyLeft(left) : messages.countInStock(left);
}
