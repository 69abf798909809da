//! The shop header: brand, product search, cart link, category bar, and the menu drawer on small
//! screens.

import { Link, useSearchParams } from 'react-router';
import type { SiteView } from '@/lib/api/types';
import { SearchForm } from '../search-form';
import { CartLink, type CartLinkProps } from './cart-link';
import { CategoryNav } from './category-nav';
import { MenuDrawer } from './menu-drawer';

export const HEADER_ID = 'site-header';

interface SiteHeaderProps {
  site: SiteView;
  cartCount: number;
  /** Passed to the cart link (the mini cart's toggle). */
  cartLinkProps?: Omit<CartLinkProps, 'count'>;
}

export function SiteHeader({ site, cartCount, cartLinkProps }: SiteHeaderProps) {
  const [params] = useSearchParams();
  return (
    <header className="site-header" id={HEADER_ID} tabIndex={-1}>
      <div className="container site-header__inner">
        <MenuDrawer categories={site.categories} />
        <Link to="/" className="site-brand">
          <span className="site-brand__name">{site.name}</span>
          {site.tagline && <span className="site-brand__tagline">{site.tagline}</span>}
        </Link>
        <SearchForm label="Search products" className="site-header__search" defaultValue={params.get('s') ?? ''} />
        <CartLink {...cartLinkProps} count={cartCount} />
      </div>
      <div className="site-header__bar">
        <div className="container">
          <CategoryNav categories={site.categories} variant="bar" label="Main" />
        </div>
      </div>
    </header>
  );
}
