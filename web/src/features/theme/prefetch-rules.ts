//! Which links are worth prefetching (spec §5, after instant.page): http(s) links to this shop,
//! without a query string, not downgrading https to http, not a hash link within the current
//! page, not marked no-instant — and, in this single-page app, only the router's own links: any
//! other link loads a whole document, which would not use the warmed page data.

export type SkipReason =
  | 'invalid'
  | 'no-instant'
  | 'not-http'
  | 'downgrade'
  | 'external'
  | 'query-string'
  | 'same-page-hash'
  | 'not-router-link';

export type PrefetchDecision = { prefetch: true; path: string } | { prefetch: false; reason: SkipReason };

export interface LinkFacts {
  /** The link's href as written (resolved against the page). */
  href: string;
  /** data-no-instant on the link or an ancestor. */
  noInstant: boolean;
  /** Rendered by the router's <Link> (client-side navigation). */
  routerLink: boolean;
}

const skip = (reason: SkipReason): PrefetchDecision => ({ prefetch: false, reason });

/** What to prefetch for a link on the page at `pageHref`: the path the router would load. */
export function prefetchDecision(link: LinkFacts, pageHref: string): PrefetchDecision {
  let url: URL;
  let page: URL;
  try {
    page = new URL(pageHref);
    url = new URL(link.href, page);
  } catch {
    return skip('invalid');
  }
  if (link.noInstant) return skip('no-instant');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return skip('not-http');
  if (page.protocol === 'https:' && url.protocol === 'http:') return skip('downgrade');
  if (url.origin !== page.origin) return skip('external');
  if (url.search) return skip('query-string');
  // `#` alone leaves url.hash empty but is still a link within this page.
  const hasHash = url.hash !== '' || url.href.endsWith('#');
  if (hasHash && url.pathname === page.pathname && url.search === page.search) return skip('same-page-hash');
  if (!link.routerLink) return skip('not-router-link');
  return { prefetch: true, path: url.pathname };
}
