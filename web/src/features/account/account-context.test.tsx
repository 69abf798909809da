import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createApiClient } from '@/lib/api/client';
import { FakeAccountServer, sampleAccount } from '@/lib/api/test/fake-account-server';
import { AccountProvider, useAccount, type AccountContextValue } from './account-context';

function Probe({ onValue }: { onValue: (value: AccountContextValue) => void }) {
  const value = useAccount();
  onValue(value);
  return <p>{value.status === 'loading' ? 'loading' : (value.account?.display_name ?? 'visitor')}</p>;
}

function renderProvider(server: FakeAccountServer) {
  const client = createApiClient({ fetch: server.fetch });
  let latest: AccountContextValue | undefined;
  render(
    <StrictMode>
      <AccountProvider client={client}>
        <Probe onValue={(value) => (latest = value)} />
      </AccountProvider>
    </StrictMode>,
  );
  return { client, current: () => latest as AccountContextValue };
}

describe('AccountProvider', () => {
  it('asks the session once per page load and keeps its nonce for the client', async () => {
    const server = new FakeAccountServer(sampleAccount({ nonce: 'n-42' }));
    const { client } = renderProvider(server);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(server.requestsTo('/account/session')).toHaveLength(1);
    expect(client.account.nonce()).toBe('n-42');
  });

  it('counts a session that cannot be asked as logged out', async () => {
    const client = createApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    render(
      <AccountProvider client={client}>
        <Probe onValue={() => undefined} />
      </AccountProvider>,
    );
    expect(await screen.findByText('visitor')).toBeInTheDocument();
  });

  it('follows the account a nonce renewal answers', async () => {
    const server = new FakeAccountServer(sampleAccount({ nonce: 'old' }));
    const { client } = renderProvider(server);
    await screen.findByText('Ada Lovelace');
    // The session moved on (another tab logged in again): the next call renews and retries.
    server.account = sampleAccount({ nonce: 'new', display_name: 'Ada King' });
    await act(() => client.blocks.update('home-about', { title: 'About', body: 'x' }));
    expect(await screen.findByText('Ada King')).toBeInTheDocument();
    expect(client.account.nonce()).toBe('new');
  });

  it('logs in and out', async () => {
    const server = new FakeAccountServer(null).addUser('ada@example.com', 'pw', sampleAccount({ nonce: 'n-in' }));
    const { client, current } = renderProvider(server);
    await screen.findByText('visitor');
    await act(() => current().login({ login: 'ada@example.com', password: 'pw', remember: false }));
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(client.account.nonce()).toBe('n-in');
    await act(() => current().logout());
    expect(screen.getByText('visitor')).toBeInTheDocument();
    expect(client.account.nonce()).toBeNull();
    await waitFor(() => expect(server.account).toBeNull());
  });
});
