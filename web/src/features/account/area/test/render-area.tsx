//! Test helper: account area pages under an AccountProvider and a query client, on a memory
//! router whose other account addresses render a marker (test-only).

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, useLocation } from '@/lib/router';
import { createMemoryRouter } from '@/lib/router/testing';
import { createApiClient } from '@/lib/api/client';
import { FakeAccountServer, sampleAccount, customerCapabilities } from '@/lib/api/test/fake-account-server';
import { AccountProvider } from '../../account-context';
import { AccountPage } from '../../components/account-page';
import { FakeAreaServer } from './fake-area-server';

export const customer = sampleAccount({ role: 'customer', display_name: 'Ada Lovelace', capabilities: customerCapabilities });

/** The page for the address's path (each behind the account's login), or a marker elsewhere. */
function Routes({ pages }: { pages: Record<string, ReactNode> }) {
  const { pathname } = useLocation();
  if (!(pathname in pages)) return <p data-testid="elsewhere">{pathname}</p>;
  return <AccountPage key={pathname}>{() => pages[pathname]}</AccountPage>;
}

export function renderArea(page: ReactNode, { path, server = new FakeAreaServer(new FakeAccountServer(customer)), routes = {} }: { path: string; server?: FakeAreaServer; routes?: Record<string, ReactNode> }) {
  const client = createApiClient({ fetch: server.fetch });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([path]);
  const pages: Record<string, ReactNode> = { ...routes, [new URL(path, 'http://shop.test').pathname]: page };
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AccountProvider client={client}>
        <RouterProvider router={router}>
          <Routes pages={pages} />
        </RouterProvider>
      </AccountProvider>
    </QueryClientProvider>,
  );
  return { ...result, server, router };
}
