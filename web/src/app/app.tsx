//! The app's providers around the router. The account and the cart sit above the router: the
//! session (asked once per page load) and the cart's store (and the header's count) live as
//! long as the tab, across client-side page changes. The cookie banner sits beside the router,
//! an island in the server's place for it (after the page frame).

import { RouterProvider } from '@/lib/router';
import { AccountProvider, type AccountProviderProps } from '@/features/account';
import { CartProvider, type CartProviderProps } from '@/features/cart';
import { AccountEditing } from './account-wiring';
import { PageCacheProvider, type PageCache } from './page-cache';
import { Storefront, type AppRouter } from './router';
import { Island } from './frame/island';
import { CartToTracking, ConsentLayer, type TrackingRuntime } from './tracking';

/** CartProvider options (tests pass a fake client, storage and cookie reader). */
export type AppCartOptions = Omit<CartProviderProps, 'children'>;

/** AccountProvider options (tests pass a client over a fake fetch). */
export type AppAccountOptions = Omit<AccountProviderProps, 'children'>;

export interface AppProps {
  pages: PageCache;
  router: AppRouter;
  cart?: AppCartOptions;
  account?: AppAccountOptions;
  /** Consent and tracking (null when the page embeds no tracking configuration). */
  tracking?: TrackingRuntime | null;
}

export function App({ pages, router, cart, account, tracking }: AppProps) {
  return (
    <PageCacheProvider value={pages}>
      <AccountProvider {...account}>
        <AccountEditing>
          <CartProvider {...cart}>
            {tracking && <CartToTracking runtime={tracking} />}
            <RouterProvider router={router}>
              <Storefront />
            </RouterProvider>
          </CartProvider>
        </AccountEditing>
      </AccountProvider>
      {tracking && (
        <Island name="consent" replaces="#root > .vitrine-consent">
          <ConsentLayer runtime={tracking} />
        </Island>
      )}
    </PageCacheProvider>
  );
}
