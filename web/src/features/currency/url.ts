//! `?wmc-currency=EUR` chooses the currency when the page is served (the server renders in it and
//! writes the cookies); the browser then drops the parameter from the address (spec §2).

export const CURRENCY_PARAM = 'wmc-currency';

type HistoryLike = Pick<History, 'replaceState' | 'state'>;

/**
 * The address without `wmc-currency` (other parameters and the hash kept, in order), or null
 * when it has none.
 */
export function withoutCurrencyParam(href: string): string | null {
  const url = new URL(href);
  if (!url.searchParams.has(CURRENCY_PARAM)) return null;
  url.searchParams.delete(CURRENCY_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Removes the parameter from the address bar without a navigation; true when it was there. */
export function removeCurrencyParam(location: Pick<Location, 'href'>, history: HistoryLike): boolean {
  const next = withoutCurrencyParam(location.href);
  if (next === null) return false;
  history.replaceState(history.state, '', next);
  return true;
}
