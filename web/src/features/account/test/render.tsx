//! Test helper: a component under an AccountProvider talking to a FakeAccountServer, inside a
//! memory router (test-only).

import type { ReactNode } from 'react';
import { renderWithRouter } from '@/components/testing/render-with-router';
import { createRestClient } from '@/lib/api/client';
import { AccountProvider } from '../account-context';
import { FakeAccountServer } from '@/lib/api/test/fake-account-server';

export function renderWithAccount(ui: ReactNode, { server = new FakeAccountServer(), path = '/' }: { server?: FakeAccountServer; path?: string } = {}) {
  const client = createRestClient({ fetch: server.fetch });
  const result = renderWithRouter(<AccountProvider client={client}>{ui}</AccountProvider>, path);
  return { ...result, server, client };
}
