//! Test helpers: a router over an in-memory history (no page data unless `load` is given), and
//! `<MemoryRouter>` around a tree (test-only).

import { useState, type ReactNode } from 'react';
import { RouterProvider } from './context';
import { createMemoryHistory } from './history';
import { createRouter, type Router, type RouterOptions } from './router';

export function createMemoryRouter<D = unknown>(initialEntries: string[] = ['/'], options: Omit<RouterOptions<D>, 'history'> = {}): Router<D> {
  return createRouter({ ...options, history: createMemoryHistory(initialEntries) });
}

export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children: ReactNode }) {
  const [router] = useState(() => createMemoryRouter(initialEntries));
  return <RouterProvider router={router}>{children}</RouterProvider>;
}
