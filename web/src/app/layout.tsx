//! What React draws of the page frame (ADR 0040): the frame itself — skip link, store notice,
//! header, category bar, footer — is the server's HTML (storefront/frame.rs), driven without
//! rendering by frame/frame.ts. React's root is `<main>`: the page goes there, and the frame's
//! interactive parts are islands drawn from the same tree into the server's places
//! (frame/island.tsx): the menu drawer, the search box, the currency switcher, the account
//! control, the cart link (the mini cart's toggle) and the category bar in the header; the
//! logged-in user's toolbar and coming-soon banner above it; the mini cart, the page loader,
//! the currency sidebar and "Back to top" around `<main>`. Scroll restoration and notice
//! scrolling follow the page here (they render nothing).

import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { BackToTopOnDemand } from '@/components/back-to-top-on-demand';
import { CartLink } from '@/components/layout/cart-link';
import { CategoryNav } from '@/components/layout/category-nav';
import { MenuDrawer } from '@/components/layout/menu-drawer';
import { ProductCardActionProvider } from '@/components/product-card';
import { MiniCart, useCartSummary, useMiniCartToggleProps } from '@/features/cart';
import { CurrencyDropdownOnDemand, CurrencySidebarOnDemand, hasChoice } from '@/features/currency';
import { PageLoader, useScrollToNotices } from '@/features/theme';
import type { PageData, SiteView } from '@/lib/api/types';
import { ScrollRestoration, usePageData } from '@/lib/router';
import { AccountBars, HeaderAccount } from './account-wiring';
import { HeaderSearch, SEARCH_INPUT_ID } from './search-wiring';
import { cartCardAction } from './cart-wiring';
import { CurrencyScope } from './currency-wiring';
import { HEADER_ID, MAIN_ID } from './frame/frame';
import { Island, serverValue } from './frame/island';
import { useSite } from './page-cache';
import { themeOf, type ThemeSettings } from './theme-settings';

export { HEADER_ID, MAIN_ID };

/** `<html data-app>` once the app has drawn the page and its islands. */
export const APP_STARTED = 'started';

const focusHeader = () => document.getElementById(HEADER_ID)?.focus({ preventScroll: true });
const focusMain = () => document.getElementById(MAIN_ID)?.focus({ preventScroll: true });

/** The header's islands; what they show for this visitor (cart count, account, currency) is theirs. */
function HeaderIslands({ site, theme }: { site: SiteView; theme: ThemeSettings }) {
  const { itemCount } = useCartSummary();
  // A plain click on "Cart, N items" toggles the mini cart; Ctrl/⌘-click still opens /cart/.
  const cartLinkProps = useMiniCartToggleProps();
  // Text typed into the server's search field before the app started is kept.
  const [typed] = useState(() => serverValue(`#${SEARCH_INPUT_ID}`));
  return (
    <>
      <Island name="menu">
        <MenuDrawer categories={site.categories} />
      </Island>
      <Island name="search">
        <HeaderSearch theme={theme} typed={typed} />
      </Island>
      {hasChoice(site.currency) && (
        <Island name="currency">
          <CurrencyDropdownOnDemand />
        </Island>
      )}
      <Island name="account">
        <HeaderAccount />
      </Island>
      <Island name="cart">
        <CartLink {...cartLinkProps} count={itemCount} />
      </Island>
      <Island name="category-nav">
        <CategoryNav categories={site.categories} label="Main" />
      </Island>
    </>
  );
}

export function Layout({ theme: given, children }: { theme?: ThemeSettings; children?: ReactNode }) {
  const site = useSite();
  const theme = given ?? themeOf(site);
  const page = usePageData<PageData>();
  const mainRef = useMemo(() => ({ current: document.getElementById(MAIN_ID) }), []);
  useScrollToNotices(mainRef);
  // The islands have replaced the server's parts (their layout effects ran first): the app has
  // started (browser tests wait for this mark).
  useLayoutEffect(() => {
    document.documentElement.dataset.app = APP_STARTED;
  }, []);

  if (page?.route === 'coming_soon') {
    return (
      <>
        <Island name="account-bars">
          <AccountBars siteName={page.site.name} onFocusLost={focusMain} />
        </Island>
        {children}
        <ScrollRestoration />
      </>
    );
  }

  const currency = site?.currency;
  const switcher = hasChoice(currency) ? currency.switcher : null;
  return (
    <CurrencyScope site={site}>
      {site && (
        <Island name="account-bars">
          <AccountBars siteName={site.name} onFocusLost={focusHeader} />
        </Island>
      )}
      {theme.pageLoader && (
        <Island name="page-loader">
          <PageLoader />
        </Island>
      )}
      {site && <HeaderIslands site={site} theme={theme} />}
      <Island name="mini-cart">
        <MiniCart />
      </Island>
      <ProductCardActionProvider value={cartCardAction}>{children}</ProductCardActionProvider>
      {switcher?.sidebar && (
        <Island name="currency-sidebar">
          <CurrencySidebarOnDemand />
        </Island>
      )}
      <Island name="back-to-top">
        <BackToTopOnDemand focusTargetId={HEADER_ID} />
      </Island>
      <ScrollRestoration />
    </CurrencyScope>
  );
}

/** Shown only when the page data had to be fetched before the first render (no inline data). */
export function LoadingShell() {
  return (
    <div className="loading-shell" role="status">
      <span className="sr-only">Loading…</span>
    </div>
  );
}
