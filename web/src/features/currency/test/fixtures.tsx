//! Test helpers (test-only): the demo's three currencies as the server describes them, and a
//! render inside a CurrencyProvider whose calls are spies.

import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from '@/lib/router/testing';
import { vi } from 'vitest';
import type { CurrencySiteView, SwitcherView } from '@/lib/api/types';
import { CurrencyProvider } from '../currency-context';

export function demoCurrencies(current = 'USD', switcher: Partial<SwitcherView> = {}): CurrencySiteView {
  return {
    current,
    base: 'USD',
    options: [
      { code: 'USD', symbol: '$', name: 'United States dollar', label: '$ USD', flag: 'us' },
      { code: 'EUR', symbol: '€', name: 'Euro', label: '€ EUR', flag: 'eu' },
      { code: 'GBP', symbol: '£', name: 'Pound sterling', label: '£ GBP', flag: 'gb' },
    ],
    switcher: {
      layout: 'dropdown',
      flag_size: 'small',
      dropdown_icon: 'arrow',
      custom_format: '{symbol} {code}',
      sidebar: true,
      do_not_reload_page: false,
      ...switcher,
    },
  };
}

export interface SwitchSpies {
  setCurrency: ReturnType<typeof vi.fn<(code: string) => Promise<unknown>>>;
  refreshCart: ReturnType<typeof vi.fn<() => Promise<unknown>>>;
  refetchPage: ReturnType<typeof vi.fn<() => Promise<unknown>>>;
  reload: ReturnType<typeof vi.fn<() => void>>;
}

export function switchSpies(): SwitchSpies {
  return {
    setCurrency: vi.fn<(code: string) => Promise<unknown>>(async (code) => ({ current: code, previous: 'USD' })),
    refreshCart: vi.fn<() => Promise<unknown>>(async () => undefined),
    refetchPage: vi.fn<() => Promise<unknown>>(async () => undefined),
    reload: vi.fn<() => void>(),
  };
}

export function renderWithCurrency(ui: ReactNode, currency: CurrencySiteView = demoCurrencies(), spies: SwitchSpies = switchSpies(), path = '/') {
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <CurrencyProvider currency={currency} {...spies}>
        {ui}
      </CurrencyProvider>
    </MemoryRouter>,
  );
  return { ...result, spies };
}
