//! Add-to-cart button state, its blocking alerts, and quantity rules for a shown variation.

import type { Variation } from '@/lib/api/types';
import { messages } from '../messages';

export type ButtonState = 'selection_needed' | 'unavailable' | 'enabled';

/**
 * Spec §4: no variation shown → selection needed; shown but not purchasable, not in stock or
 * not visible → unavailable; otherwise enabled.
 */
export function buttonState(variation: Variation | null): ButtonState {
  if (!variation) return 'selection_needed';
  const ok = variation.is_purchasable && variation.is_in_stock && variation.variation_is_visible;
  return ok ? 'enabled' : 'unavailable';
}

/** The alert a click on the disabled button shows, or null when the click may proceed. */
export function buttonAlert(state: ButtonState): string | null {
  if (state === 'selection_needed') return messages.makeASelection;
  if (state === 'unavailable') return messages.unavailable;
  return null;
}

export interface QuantityRules {
  /** Sold individually: the input is hidden and the quantity is 1. */
  readonly hidden: boolean;
  readonly min: number;
  /** null = no upper limit. */
  readonly max: number | null;
  /** The current quantity brought into range. */
  readonly value: number;
}

/** Quantity bounds before a variation is shown. */
export const DEFAULT_MIN_QUANTITY = 1;

export function clampQuantity(current: number, min: number, max: number | null): number {
  if (!Number.isFinite(current)) return min;
  if (max !== null && current > max) return max;
  return current < min ? min : current;
}

/**
 * Spec §5: sold individually → 1 and hidden; otherwise min/max come from the variation and the
 * current quantity is clamped (a missing quantity becomes the minimum).
 */
export function quantityRules(variation: Variation | null, current: number): QuantityRules {
  if (!variation) {
    const min = DEFAULT_MIN_QUANTITY;
    return { hidden: false, min, max: null, value: clampQuantity(current, min, null) };
  }
  if (variation.is_sold_individually === 'yes') return { hidden: true, min: 1, max: 1, value: 1 };
  const min = variation.min_qty;
  const max = variation.max_qty !== null && variation.max_qty >= min ? variation.max_qty : null;
  return { hidden: false, min, max, value: clampQuantity(current, min, max) };
}
