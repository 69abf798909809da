//! Test helper: a component under an AccountProvider talking to a FakeAccountServer, inside a
//! memory router (test-only).

import type { ReactNode } from 'react';
import { renderWithRouter } from '@/components/testing/render-with-router';
import { createApiClient } from '@/lib/api/client';
import { FakeAccountServer } from '@/lib/api/test/fake-account-server';
import { AccountProvider } from '../account-context';

export function renderWithAccount(ui: ReactNode, { server = new FakeAccountServer(), path = '/' }: { server?: FakeAccountServer; path?: string } = {}) {
  const client = createApiClient({ fetch: server.fetch });
  const result = renderWithRouter(<AccountProvider client={client}>{ui}</AccountProvider>, path);
  return { ...result, server, client };
}
