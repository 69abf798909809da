//! The product page's price following the quantity input (spec §7 wdr_ajax get_price_html): once
//! the shopper has changed the quantity, the price for that many (with the shop's discounts,
//! the regular price struck through) and "You save …". Until then, and for a variable product
//! with no variation chosen, the page's own price shows. A failed request clears the price area
//! (spec §8) until the next answer.

import type { ReactNode } from 'react';
import { api, type ApiClient } from '@/lib/api/client';
import type { QuantityPriceView } from '@/lib/api/types';
import { QUANTITY_PRICE_DEFER_MS } from '../constants';
import { readDiscountForm } from '../discount-form';
import { useDeferredRequest } from '../hooks/use-deferred-request';
import { messages } from '../messages';
import '../discounts.css';

export interface QuantityPriceProps {
  productId: number;
  /** The chosen variation of a variable product, else null. */
  variationId: number | null;
  /** The quantity in the form; null until the shopper changes it. */
  quantity: number | null;
  /** A variable product: no price is asked for until a variation is chosen. */
  needsVariation?: boolean;
  /** The page's own price (the product's, or the chosen variation's). */
  children: ReactNode;
  /**
   * The add-to-cart form, read when the price is asked for: the request's product, variation
   * and quantity come from its fields (spec §7), and a missing or product-less form is logged
   * and clears the price (spec §8). Without it the props are asked for.
   */
  form?: () => unknown;
  /** Default: the page's API client. */
  client?: Pick<ApiClient['products'], 'quantityPrice'>;
}

class InvalidDiscountForm extends Error {}

export function QuantityPrice({ productId, variationId, quantity, needsVariation = false, children, form, client = api.products }: QuantityPriceProps) {
  const asks = quantity !== null && quantity > 0 && !(needsVariation && variationId === null);
  const key = asks ? `${productId}:${variationId ?? ''}:${quantity}` : null;
  const state = useDeferredRequest<QuantityPriceView>(key, QUANTITY_PRICE_DEFER_MS, (signal) => {
    const asked = form ? readDiscountForm(form()) : { productId, variationId, quantity: quantity ?? 1 };
    if (asked === null) return Promise.reject(new InvalidDiscountForm());
    return client.quantityPrice(asked.productId, asked.quantity, asked.variationId, signal);
  });

  const answer = key !== null ? state.data : null;
  const cleared = key !== null && state.status === 'error';
  const saved = answer && answer.you_save.amount_minor > 0 ? answer.you_save.text : null;
  return (
    <>
      <p className="product__price" data-testid="product-price" aria-busy={state.status === 'pending' || undefined}>
        {cleared ? null : answer ? <span className="price-amount" dangerouslySetInnerHTML={{ __html: answer.price_html }} /> : children}
      </p>
      {saved && (
        <p className="product__you-save" data-testid="product-you-save">
          {messages.youSave(saved)}
        </p>
      )}
    </>
  );
}
