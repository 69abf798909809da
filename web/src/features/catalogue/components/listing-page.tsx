//! Shop, category, tag and search results: heading, filters, result count, "Shop order", the
//! product grid and page links.

import { Link } from '@/lib/router';
import { Breadcrumbs, type Crumb } from '@/components/breadcrumbs';
import { ProductGrid } from '@/components/product-grid';
import { SearchForm } from '@/components/search-form';
import type { PageFetcher } from '@/lib/api/client';
import type { ListingPageData, SiteCategoryView } from '@/lib/api/types';
import { InfiniteProducts } from './infinite-products';
import { CategoryLinks } from './category-links';
import { FilterPanel } from './filter-panel';
import { Pagination } from './pagination';
import { SortSelect } from './sort-select';
import { SortedBy } from './sorted-by';

function ancestry(categories: SiteCategoryView[], slug: string | null): SiteCategoryView[] {
  const chain: SiteCategoryView[] = [];
  let current = categories.find((c) => c.slug === slug);
  while (current) {
    chain.unshift(current);
    const parentId = current.parent;
    current = parentId === null ? undefined : categories.find((c) => c.id === parentId);
  }
  return chain;
}

function crumbs(page: ListingPageData): Crumb[] {
  const home = { name: 'Home', url: '/' };
  const { context, site } = page;
  if (context.kind === 'category') {
    return [home, ...ancestry(site.categories, context.slug).map((c) => ({ name: c.name, url: c.url }))];
  }
  return [home, { name: context.title, url: '' }];
}

export interface ListingPageProps {
  page: ListingPageData;
  /** The theme's infinite-scroll option: with a page loader, the next pages are appended. */
  infiniteScroll?: { loadPage: PageFetcher } | null;
}

export function ListingPage({ page, infiniteScroll = null }: ListingPageProps) {
  const { context, listing, site } = page;
  const { products, meta } = listing;
  const current = context.kind === 'category' ? site.categories.find((c) => c.slug === context.slug) : undefined;
  const showCategories = context.kind === 'shop' || context.kind === 'category';

  return (
    <div className="container listing">
      <Breadcrumbs items={crumbs(page)} />
      <div className="page-header">
        <h1 className="page-title">{context.title}</h1>
        {context.description && <p className="page-header__description">{context.description}</p>}
      </div>
      {showCategories && <CategoryLinks categories={site.categories} parentId={current ? current.id : null} />}
      <FilterPanel filters={page.filters} />
      {products.length === 0 ? (
        <div className="empty-state">
          <p className="notice">No products were found matching your selection.</p>
          <SearchForm label="Search the shop" defaultValue={context.query ?? ''} className="search-form--large" />
          <p>
            <Link className="button" to="/shop/">
              Return to shop
            </Link>
          </p>
        </div>
      ) : (
        <>
          <div className="listing-toolbar">
            <p className="result-count">{meta.result_count}</p>
            <SortSelect orderby={page.orderby} />
            <SortedBy orderby={page.orderby} />
          </div>
          {infiniteScroll ? (
            <InfiniteProducts
              key={`${page.seo.canonical}:${page.orderby}`}
              first={products}
              page={meta.page}
              totalPages={meta.total_pages}
              columns={site.columns}
              loadPage={infiniteScroll.loadPage}
            />
          ) : (
            <>
              <ProductGrid products={products} columns={site.columns} eagerCount={site.columns} />
              <Pagination page={meta.page} totalPages={meta.total_pages} />
            </>
          )}
        </>
      )}
    </div>
  );
}
