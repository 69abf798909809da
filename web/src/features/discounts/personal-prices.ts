//! This shopper's prices for the products a page shows (issue 12 item 4, spec §7
//! wmc_get_products_price): pages are cached with a guest's prices; when the shop has rules that
//! depend on who is shopping (roles, first order), the prices that render ask for their product
//! ids here, and one batched `GET /api/v1/session?product_ids=` per render (at most 100 ids a
//! request) brings this shopper's prices, which replace the page's.

import type { PriceOverrides } from '@/components/price';
import type { PriceView } from '@/lib/api/types';

/** At most this many ids per session request (the server's limit). */
export const PERSONAL_PRICES_BATCH = 100;

export type FetchPrices = (productIds: readonly number[]) => Promise<Record<string, PriceView>>;

export interface PersonalPricesOptions {
  /** Runs the batch after the ids of one render are in (default: a 0 ms timeout). */
  schedule?: (run: () => void) => void;
}

export function createPersonalPrices(fetchPrices: FetchPrices, options: PersonalPricesOptions = {}): PriceOverrides {
  const schedule = options.schedule ?? ((run) => void setTimeout(run, 0));
  const prices = new Map<number, PriceView>();
  const asked = new Set<number>();
  const listeners = new Set<() => void>();
  let pending: number[] = [];

  const flush = () => {
    const ids = pending;
    pending = [];
    for (let start = 0; start < ids.length; start += PERSONAL_PRICES_BATCH) {
      const batch = ids.slice(start, start + PERSONAL_PRICES_BATCH);
      fetchPrices(batch).then(
        (answer) => {
          for (const [id, price] of Object.entries(answer)) prices.set(Number(id), price);
          listeners.forEach((listener) => listener());
        },
        // The page's guest prices stay: a failed personalisation is not worth an error.
        () => batch.forEach((id) => asked.delete(id)),
      );
    }
  };

  return {
    want(productId) {
      if (asked.has(productId)) return;
      asked.add(productId);
      if (pending.length === 0) schedule(flush);
      pending.push(productId);
    },
    get: (productId) => prices.get(productId),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
