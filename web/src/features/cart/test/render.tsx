//! Renders cart components inside a CartProvider wired to the fake server, a memory storage,
//! a fixed clock and a spy for navigation.

import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { useLocation } from '@/lib/router';
import { MemoryRouter } from '@/lib/router/testing';
import { createApiClient } from '@/lib/api/client';
import type { CartView } from '@/lib/api/types';
import { writeCartCache } from '../cart-cache';
import { CartProvider } from '../cart-context';
import { useCartSummary } from '../cart-summary-context';
import { CART_HASH_COOKIE } from '../constants';
import type { FakeCartServer } from './fake-server';

export const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

export class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** Shows the header's count the way the header reads it. */
export function HeaderCount() {
  const { itemCount } = useCartSummary();
  return <output aria-label="Header count">{itemCount}</output>;
}

export function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Location">{location.pathname + location.search}</output>;
}

export interface RenderCartOptions {
  path?: string;
  /** Seeds this tab's cache with the cart, as a previous page would have left it. */
  cached?: CartView;
  /** Timers and clock: real timers by default; pass `fake: true` after vi.useFakeTimers(). */
  fakeTimers?: boolean;
}

export function renderWithCart(ui: ReactElement, server: FakeCartServer, options: RenderCartOptions = {}) {
  const storage = new MemoryStorage();
  const readCookie = (name: string) => (name === CART_HASH_COOKIE ? server.cookie : undefined);
  const now = () => (options.fakeTimers ? Date.now() : NOW);
  if (options.cached) {
    writeCartCache({ storage, readCookie, now }, options.cached, now());
    server.cookie = options.cached.cart_hash;
  }
  const navigate = vi.fn<(url: string) => void>();
  const user = options.fakeTimers ? userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) : userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[options.path ?? '/product/hoodie/']}>
      <CartProvider client={createApiClient({ fetch: server.fetch }).cart} storage={storage} readCookie={readCookie} now={now} navigate={navigate} sync={null}>
        {ui}
        <HeaderCount />
        <LocationProbe />
      </CartProvider>
    </MemoryRouter>,
  );
  return { ...view, user, navigate, storage };
}
