//! The page frame around every storefront route: skip link, the logged-in user's toolbar and
//! coming-soon banner, store notice, sticky header, main landmark, footer, "Back to top", scroll
//! restoration, a progress bar while the next page loads, the mini cart (once, here: it uses
//! router links), the currency switcher (header dropdown and sidebar) and the theme's furniture. The coming-soon page has the bare frame.

import { useEffect, useRef, type ReactNode } from 'react';
import { BackToTopOnDemand } from '@/components/back-to-top-on-demand';
import { HEADER_ID, SiteHeader } from '@/components/layout/site-header';
import { SiteFooter } from '@/components/layout/site-footer';
import { ProductCardActionProvider } from '@/components/product-card';
import { MiniCart, useCartSummary, useMiniCartToggleProps } from '@/features/cart';
import { CurrencyDropdownOnDemand, CurrencySidebarOnDemand, hasChoice } from '@/features/currency';
import { PageLoader, StoreNotice, storeNoticeId, useScrollToNotices } from '@/features/theme';
import type { PageData } from '@/lib/api/types';
import { ScrollRestoration, useLocation, useNavigation, usePageData } from '@/lib/router';
import { AccountBars, HeaderAccount } from './account-wiring';
import { HeaderSearch } from './search-wiring';
import { cartCardAction } from './cart-wiring';
import { CurrencyScope } from './currency-wiring';
import { useSite } from './page-cache';
import { themeOf, type ThemeSettings } from './theme-settings';

export const MAIN_ID = 'main';

/** After a client-side page change, move focus to the new content (as a full load would). */
function useFocusOnPageChange() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);
  return mainRef;
}

const focusHeader = () => document.getElementById(HEADER_ID)?.focus({ preventScroll: true });
const focusMain = () => document.getElementById(MAIN_ID)?.focus({ preventScroll: true });

export function Layout({ theme: given, children }: { theme?: ThemeSettings; children?: ReactNode }) {
  const site = useSite();
  const theme = given ?? themeOf(site);
  const { itemCount } = useCartSummary();
  // A plain click on "Cart, N items" toggles the mini cart; Ctrl/⌘-click still opens /cart/.
  const cartLinkProps = useMiniCartToggleProps();
  const busy = useNavigation().state !== 'idle';
  const mainRef = useFocusOnPageChange();
  useScrollToNotices(mainRef);
  const notice = theme.storeNotice;
  const page = usePageData<PageData>();

  if (page?.route === 'coming_soon') {
    return (
      <div className="site site--bare">
        <AccountBars siteName={page.site.name} onFocusLost={focusMain} />
        <main id={MAIN_ID} className="site-main" tabIndex={-1} ref={mainRef}>
          {children}
        </main>
      </div>
    );
  }

  const currency = site?.currency;
  const switcher = hasChoice(currency) ? currency.switcher : null;
  return (
    <CurrencyScope site={site}>
      <div className="site">
        <a className="skip-link" href={`#${MAIN_ID}`}>
          Skip to content
        </a>
        {site && <AccountBars siteName={site.name} onFocusLost={focusHeader} />}
        <div className="route-progress" data-active={busy} aria-hidden="true" />
        {theme.pageLoader && <PageLoader />}
        {notice && <StoreNotice text={notice.text} id={storeNoticeId(notice.text)} onDismiss={focusHeader} />}
        {site && (
          <SiteHeader
            site={site}
            cartCount={itemCount}
            cartLinkProps={cartLinkProps}
            sticky={theme.stickyHeader}
            currencySwitcher={switcher && <CurrencyDropdownOnDemand />}
            search={<HeaderSearch theme={theme} />}
            account={<HeaderAccount />}
          />
        )}
        <MiniCart />
        <main id={MAIN_ID} className="site-main" tabIndex={-1} ref={mainRef} aria-busy={busy || undefined}>
          <ProductCardActionProvider value={cartCardAction}>
            {children}
          </ProductCardActionProvider>
        </main>
        {site && <SiteFooter site={site} />}
        {switcher?.sidebar && <CurrencySidebarOnDemand />}
        <BackToTopOnDemand focusTargetId={HEADER_ID} />
        <ScrollRestoration />
      </div>
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
