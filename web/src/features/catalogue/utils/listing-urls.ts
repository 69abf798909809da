//! Listing URLs the WooCommerce way: `/shop/page/2/`, `/product-category/x/page/3/`,
//! `/page/2/?s=…&post_type=product`, and `?orderby=` for the sort.

const PAGED = /^(.*\/)page\/\d+\/?$/;

/** The listing's first-page path: "/shop/page/2/" → "/shop/". */
export function listingBasePath(pathname: string): string {
  const match = PAGED.exec(pathname);
  const base = match ? (match[1] ?? '/') : pathname;
  return base.endsWith('/') ? base : `${base}/`;
}

/** The URL of page `page` of the listing at `pathname` + `search` (query kept). */
export function pageUrl(pathname: string, search: string, page: number): string {
  const base = listingBasePath(pathname);
  const path = page > 1 ? `${base}page/${page}/` : base;
  return `${path}${search}`;
}

/** The URL for another sort: back to page one, other query parameters kept. */
export function sortUrl(pathname: string, search: string, orderby: string): string {
  const params = new URLSearchParams(search);
  if (orderby === 'menu_order' || orderby === '') params.delete('orderby');
  else params.set('orderby', orderby);
  params.delete('paged');
  const query = params.toString();
  return `${listingBasePath(pathname)}${query ? `?${query}` : ''}`;
}

export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The page links to show, like WordPress's paginate_links: `endSize` pages at each end,
 * `midSize` either side of the current one, gaps elsewhere.
 */
export function pageItems(current: number, total: number, endSize = 1, midSize = 2): PageItem[] {
  const items: PageItem[] = [];
  let gapOpen = false;
  for (let page = 1; page <= total; page += 1) {
    const nearEnd = page <= endSize || page > total - endSize;
    const nearCurrent = Math.abs(page - current) <= midSize;
    if (nearEnd || nearCurrent) {
      items.push({ kind: 'page', page });
      gapOpen = false;
    } else if (!gapOpen) {
      items.push({ kind: 'gap', key: `gap-${page}` });
      gapOpen = true;
    }
  }
  return items;
}
