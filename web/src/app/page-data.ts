//! Reading the PageData the server inlines in every HTML page (`script#vitrine-data`).

import type { PageData } from '@/lib/api/types';

export const PAGE_DATA_ELEMENT_ID = 'vitrine-data';

function isPageData(value: unknown): value is PageData {
  return typeof value === 'object' && value !== null && typeof (value as PageData).route === 'string' && 'site' in value;
}

/** The inlined PageData, or null when the page has none (a bare index.html) or it is unreadable. */
export function readInlinePageData(doc: Document): PageData | null {
  const element = doc.getElementById(PAGE_DATA_ELEMENT_ID);
  const text = element?.textContent?.trim();
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isPageData(parsed) ? parsed : null;
  } catch (error) {
    console.error('vitrine: the inlined page data is not valid JSON', error);
    return null;
  }
}

/** The key a storefront page is known by: path plus query, never the hash. */
export function pagePath(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}
