//! The currency switcher's inline (shortcode) placement on the cart page: with the cart page's
//! view, not in the frame every page loads (ADR 0037).

import { CurrencyInline, hasChoice } from '@/features/currency';
import { useSite } from './page-cache';

/** The inline placement, when the shop has currencies to choose. */
export function CartPageCurrency() {
  const site = useSite();
  return hasChoice(site?.currency) ? <CurrencyInline /> : null;
}
