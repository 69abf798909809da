//! WooCommerce's layered-navigation addresses: `filter_color=blue,red` (any of them unless
//! `query_type_color=and`), `min_price`/`max_price`; every change goes back to page one.

import { listingBasePath } from './listing-urls';

const FILTER_KEY = /^(filter_.+|query_type_.+|min_price|max_price)$/;

function withParams(pathname: string, params: URLSearchParams): string {
  params.delete('paged');
  const query = params.toString();
  return `${listingBasePath(pathname)}${query ? `?${query}` : ''}`;
}

/** The terms of `attribute` chosen in `search`. */
export function chosenTerms(search: string, attribute: string): string[] {
  const value = new URLSearchParams(search).get(`filter_${attribute}`) ?? '';
  return value.split(',').filter((t) => t !== '');
}

/** The listing with `term` of `attribute` ticked or unticked, other filters and the sort kept. */
export function toggleTermUrl(pathname: string, search: string, attribute: string, term: string): string {
  const params = new URLSearchParams(search);
  const chosen = chosenTerms(search, attribute);
  const next = chosen.includes(term) ? chosen.filter((t) => t !== term) : [...chosen, term];
  if (next.length > 0) params.set(`filter_${attribute}`, next.join(','));
  else {
    params.delete(`filter_${attribute}`);
    params.delete(`query_type_${attribute}`);
  }
  return withParams(pathname, params);
}

/** The listing without any attribute or price filter (text, category and sort kept). */
export function clearFiltersUrl(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) {
    if (FILTER_KEY.test(key)) params.delete(key);
  }
  return withParams(pathname, params);
}

/** The query parameters a price form keeps as hidden fields: everything but the prices. */
export function keptForPrice(search: string): [string, string][] {
  return [...new URLSearchParams(search).entries()].filter(([key]) => key !== 'min_price' && key !== 'max_price' && key !== 'paged');
}
