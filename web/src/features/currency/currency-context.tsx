//! The shop's currencies and the one switch every placement shares (spec §4, §7
//! wmc_currency_switcher): while it runs every switcher is disabled and marked loading; the
//! server writes the cookies, the cart is refreshed, then the page reloads, or, with
//! do_not_reload_page, its data is fetched again. A failed switch is ignored (spec §8).

import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { api } from '@/lib/api/client';
import type { CurrencySiteView } from '@/lib/api/types';
import { messages } from './messages';
import './currency.css';

export interface CurrencyContextValue {
  currency: CurrencySiteView;
  /** The code being switched to, or null. */
  switching: string | null;
  switchTo(code: string): Promise<void>;
}

const CurrencyContext = createContext<CurrencyContextValue | null>(null);

export interface CurrencyProviderProps {
  /** `SiteView.currency` of the page being shown. */
  currency: CurrencySiteView;
  /** Refreshes the cart (its fragments) after the server has switched. */
  refreshCart: () => Promise<unknown>;
  /** do_not_reload_page: fetches the page's data again in the new currency. */
  refetchPage: () => Promise<unknown>;
  /** POST /currency; default: the page's API client. */
  setCurrency?: (code: string) => Promise<unknown>;
  /** Default: window.location.reload. */
  reload?: () => void;
  children: ReactNode;
}

const defaultReload = () => window.location.reload();

export function CurrencyProvider({ currency, refreshCart, refetchPage, setCurrency = api.currency.set, reload = defaultReload, children }: CurrencyProviderProps) {
  const [switching, setSwitching] = useState<string | null>(null);
  const running = useRef(false);
  const latest = useRef({ currency, refreshCart, refetchPage, setCurrency, reload });
  latest.current = { currency, refreshCart, refetchPage, setCurrency, reload };

  const switchTo = useCallback(async (code: string) => {
    const deps = latest.current;
    if (running.current || code === deps.currency.current) return;
    running.current = true;
    setSwitching(code);
    // Spec §8: a failed switch is ignored; the cart and page then show what the server says.
    await deps.setCurrency(code).catch(() => undefined);
    await deps.refreshCart().catch(() => undefined);
    if (!deps.currency.switcher.do_not_reload_page) {
      // Stays disabled until the new page replaces this one.
      deps.reload();
      return;
    }
    await deps.refetchPage().catch(() => undefined);
    running.current = false;
    setSwitching(null);
  }, []);

  const value = useMemo(() => ({ currency, switching, switchTo }), [currency, switching, switchTo]);
  return (
    <CurrencyContext.Provider value={value}>
      {children}
      {/* One announcement for every placement on the page. */}
      <div className="sr-only" role="status">
        {switching && messages.switching}
      </div>
    </CurrencyContext.Provider>
  );
}

export function useCurrency(): CurrencyContextValue {
  const value = useContext(CurrencyContext);
  if (!value) throw new Error('Currency switchers need a <CurrencyProvider> above them.');
  return value;
}

/** Whether the shop offers a choice at all (one currency: no switcher anywhere). */
export function hasChoice(currency: CurrencySiteView | undefined | null): currency is CurrencySiteView {
  return !!currency && currency.options.length > 1;
}
