//! Test helper: account area pages under an AccountProvider and a query client, on a memory
//! router whose other account addresses render a marker (test-only).

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { createApiClient } from '@/lib/api/client';
import { FakeAccountServer, sampleAccount, customerCapabilities } from '@/lib/api/test/fake-account-server';
import { AccountProvider } from '../../account-context';
import { AccountPage } from '../../components/account-page';
import { FakeAreaServer } from './fake-area-server';

export const customer = sampleAccount({ role: 'customer', display_name: 'Ada Lovelace', capabilities: customerCapabilities });

function Elsewhere() {
  return <p data-testid="elsewhere">{useLocation().pathname}</p>;
}

export function renderArea(page: ReactNode, { path, server = new FakeAreaServer(new FakeAccountServer(customer)), routes = {} }: { path: string; server?: FakeAreaServer; routes?: Record<string, ReactNode> }) {
  const client = createApiClient({ fetch: server.fetch });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: new URL(path, 'http://shop.test').pathname, element: <AccountPage>{() => page}</AccountPage> },
      ...Object.entries(routes).map(([route, element]) => ({ path: route, element: <AccountPage>{() => element}</AccountPage> })),
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AccountProvider client={client}>
        <RouterProvider router={router} />
      </AccountProvider>
    </QueryClientProvider>,
  );
  return { ...result, server, router };
}
