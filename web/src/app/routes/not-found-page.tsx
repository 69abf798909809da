//! The shop's 404 page: say so, offer a search and a way back to the shop.

import { Link } from '@/lib/router';
import { SearchForm } from '@/components/search-form';
import { CategoryLinks } from '@/features/catalogue/components/category-links';
import type { NotFoundPageData, SiteView } from '@/lib/api/types';

export function NotFoundPage({ site }: { site: SiteView }) {
  return (
    <div className="container not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">Page not found</h1>
      <p className="not-found__lead">Nothing was found at this location. Try searching, or check out the links below.</p>
      <SearchForm label="Search the shop" className="search-form--large" />
      <p>
        <Link className="button button--primary" to="/shop/">
          Return to shop
        </Link>
      </p>
      <CategoryLinks categories={site.categories} parentId={null} />
    </div>
  );
}

export const NotFoundRoute = ({ page }: { page: NotFoundPageData }) => <NotFoundPage site={page.site} />;
