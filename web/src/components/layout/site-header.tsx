//! The shop header: brand, product search, currency switcher and cart link, category bar, and
//! the menu drawer on small screens. Sticky (use-sticky-header.ts): it stays in the page flow,
//! so it always keeps its own space and sticking or unsticking never moves the content.

import { useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import type { SiteView } from '@/lib/api/types';
import { SearchForm } from '../search-form';
import { CartLink, type CartLinkProps } from './cart-link';
import { CategoryNav } from './category-nav';
import { MenuDrawer } from './menu-drawer';
import { useStickyHeader, type StickyHeaderSettings } from './use-sticky-header';

export const HEADER_ID = 'site-header';

const NOT_STICKY: StickyHeaderSettings = { enabled: false, hideOnScroll: 'never' };

interface SiteHeaderProps {
  site: SiteView;
  cartCount: number;
  /** Passed to the cart link (the mini cart's toggle). */
  cartLinkProps?: Omit<CartLinkProps, 'count'>;
  sticky?: StickyHeaderSettings;
  /** The currency switcher (features/currency, placed by the app), shown beside the cart link. */
  currencySwitcher?: ReactNode;
  /** The live search box (features/search, placed by the app); the plain search form without it. */
  search?: ReactNode;
  /** The account control (features/account: "Login" and its popup, or "My account" and "Log out"). */
  account?: ReactNode;
}

export function SiteHeader({ site, cartCount, cartLinkProps, sticky = NOT_STICKY, currencySwitcher, search, account }: SiteHeaderProps) {
  const [params] = useSearchParams();
  const headerRef = useRef<HTMLElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const { state, from } = useStickyHeader(headerRef, sentinelRef, sticky);
  return (
    <>
      <div ref={sentinelRef} className="site-header-sentinel" aria-hidden="true" />
      <header
        ref={headerRef}
        className="site-header"
        id={HEADER_ID}
        tabIndex={-1}
        data-sticky={sticky.enabled ? state : undefined}
        data-sticky-from={sticky.enabled ? from : undefined}
      >
        <div className="container site-header__inner">
          <MenuDrawer categories={site.categories} />
          <Link to="/" className="site-brand">
            <span className="site-brand__name">{site.name}</span>
            {site.tagline && <span className="site-brand__tagline">{site.tagline}</span>}
          </Link>
          {search ?? <SearchForm label="Search products" className="site-header__search" defaultValue={params.get('s') ?? ''} />}
          <div className="site-header__tools">
            {currencySwitcher}
            {account}
            <CartLink {...cartLinkProps} count={cartCount} />
          </div>
        </div>
        <div className="site-header__bar">
          <div className="container">
            <CategoryNav categories={site.categories} label="Main" />
          </div>
        </div>
      </header>
    </>
  );
}
