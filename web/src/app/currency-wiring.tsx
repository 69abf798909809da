//! Where the currency feature meets the rest of the app: a switch refreshes the cart (its
//! fragments) and, when the shop does not reload pages, fetches the page (and with it the site)
//! again so every price on it comes back in the new currency.

import { useMemo, type ReactNode } from 'react';
import { PriceOverridesProvider } from '@/components/price';
import { useCartRefresh } from '@/features/cart';
import { CurrencyProvider } from '@/features/currency';
import { createPersonalPrices } from '@/features/discounts';
import { api } from '@/lib/api/client';
import type { SiteView } from '@/lib/api/types';
import { useRevalidator } from '@/lib/router';
import { usePageCache } from './page-cache';

export function CurrencyScope({ site, children }: { site: SiteView | undefined; children: ReactNode }) {
  const refreshCart = useCartRefresh();
  const revalidator = useRevalidator();
  const pages = usePageCache();
  const personal = site?.currency.personal_prices === true;
  const currency = site?.currency.current;
  // One set of this shopper's prices per currency (a switch reloads or refetches the page).
  const overrides = useMemo(
    () => (personal && currency ? createPersonalPrices(async (ids) => (await api.session.get(ids)).prices) : null),
    [personal, currency],
  );
  if (!site) return children;

  const refetchPage = async () => {
    // Every cached page (prefetched ones too) holds prices in the old currency; the page's loader
    // fetches this one again and puts its site (with the new current currency) in the cache.
    pages.clear();
    await revalidator.revalidate();
  };

  return (
    <CurrencyProvider currency={site.currency} refreshCart={refreshCart} refetchPage={refetchPage}>
      <PriceOverridesProvider value={overrides}>{children}</PriceOverridesProvider>
    </CurrencyProvider>
  );
}
