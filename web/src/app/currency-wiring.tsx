//! Where the currency feature meets the rest of the app: a switch refreshes the cart (its
//! fragments) and, when the shop does not reload pages, fetches the page (and with it the site)
//! again so every price on it comes back in the new currency.

import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRevalidator } from 'react-router';
import { useCartRefresh } from '@/features/cart';
import { CurrencyInline, CurrencyProvider, hasChoice } from '@/features/currency';
import type { SiteView } from '@/lib/api/types';
import { useSite } from './queries';

export function CurrencyScope({ site, children }: { site: SiteView | undefined; children: ReactNode }) {
  const refreshCart = useCartRefresh();
  const revalidator = useRevalidator();
  const queryClient = useQueryClient();
  if (!site) return children;

  const refetchPage = async () => {
    // Every cached page (prefetched ones too) holds prices in the old currency; the page's loader
    // fetches this one again and puts its site (with the new current currency) in the cache.
    queryClient.removeQueries({ queryKey: ['page'] });
    await revalidator.revalidate();
  };

  return (
    <CurrencyProvider currency={site.currency} refreshCart={refreshCart} refetchPage={refetchPage}>
      {children}
    </CurrencyProvider>
  );
}

/** The inline (shortcode) placement on the cart page, when the shop has currencies to choose. */
export function CartPageCurrency() {
  const site = useSite();
  return hasChoice(site?.currency) ? <CurrencyInline /> : null;
}
