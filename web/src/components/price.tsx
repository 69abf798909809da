//! A product price as the server formatted it: a range, a single price, or a sale price with
//! the old one struck through (WooCommerce's wording for screen readers). A page's prices are a
//! guest's; where a shop's rules depend on the shopper (roles, first order), a provider above
//! hands this shopper's price for a product (`PriceOverridesProvider`, filled from the page's
//! one personalisation request), which then replaces the page's.

import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { PriceView } from '@/lib/api/types';

/** This shopper's prices by product id, asked for as prices render. */
export interface PriceOverrides {
  /** Asks for `productId`'s price (batched; each id at most once). */
  want(productId: number): void;
  get(productId: number): PriceView | undefined;
  subscribe(listener: () => void): () => void;
}

const PriceOverridesContext = createContext<PriceOverrides | null>(null);

export function PriceOverridesProvider({ value, children }: { value: PriceOverrides | null; children: ReactNode }) {
  return <PriceOverridesContext.Provider value={value}>{children}</PriceOverridesContext.Provider>;
}

const NO_SUBSCRIPTION = () => () => undefined;

function usePriceOverride(productId: number | undefined): PriceView | null {
  const overrides = useContext(PriceOverridesContext);
  useEffect(() => {
    if (overrides && productId !== undefined) overrides.want(productId);
  }, [overrides, productId]);
  return useSyncExternalStore(
    overrides?.subscribe ?? NO_SUBSCRIPTION,
    () => (overrides && productId !== undefined ? overrides.get(productId) : undefined) ?? null,
  );
}

export interface PriceProps {
  price: PriceView | null;
  /** The product this is the own price of; this shopper's price replaces it when one is given. */
  productId?: number;
}

export function Price({ price: pagePrice, productId }: PriceProps) {
  const personal = usePriceOverride(productId);
  const price = personal ?? pagePrice;
  if (!price) return null;
  if (price.regular_text) {
    return (
      <span className="price-amount price-amount--sale">
        <del>
          <span className="sr-only">Original price was: </span>
          {price.regular_text}
        </del>{' '}
        <ins>
          <span className="sr-only">Current price is: </span>
          {price.text}
        </ins>
      </span>
    );
  }
  return <span className="price-amount">{price.text}</span>;
}
