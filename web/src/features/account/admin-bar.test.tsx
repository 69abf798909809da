import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminBar } from './admin-bar';
import { customerCapabilities, FakeAccountServer, sampleAccount } from '@/lib/api/test/fake-account-server';
import { renderWithAccount } from './test/render';

const sessionAsked = (server: FakeAccountServer) => waitFor(() => expect(server.requestsTo('/account/session')).toHaveLength(1));

describe('AdminBar', () => {
  it('shows the toolbar to accounts with the admin bar', async () => {
    renderWithAccount(<AdminBar siteName="Vitrine" />, { server: new FakeAccountServer(sampleAccount({ role: 'editor' })) });
    const toolbar = await screen.findByRole('navigation', { name: 'Toolbar' });
    expect(screen.getByRole('link', { name: 'Vitrine' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/my-account/');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(toolbar).toContainElement(screen.getByRole('button', { name: 'Log out' }));
  });

  it('renders nothing for customers', async () => {
    const server = new FakeAccountServer(sampleAccount({ role: 'customer', capabilities: customerCapabilities }));
    const { container } = renderWithAccount(<AdminBar siteName="Vitrine" />, { server });
    await sessionAsked(server);
    expect(screen.queryByRole('navigation', { name: 'Toolbar' })).not.toBeInTheDocument();
    expect(container).toBeEmptyDOMElement();
  });

  it('renders nothing for visitors, before or after the session answers', async () => {
    const server = new FakeAccountServer(null);
    const { container } = renderWithAccount(<AdminBar siteName="Vitrine" />, { server });
    expect(container).toBeEmptyDOMElement();
    await sessionAsked(server);
    expect(container).toBeEmptyDOMElement();
  });

  it('logs out, goes, and hands focus on', async () => {
    const user = userEvent.setup();
    const onFocusLost = vi.fn();
    const server = new FakeAccountServer(sampleAccount());
    renderWithAccount(<AdminBar siteName="Vitrine" onFocusLost={onFocusLost} />, { server });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Toolbar' })).not.toBeInTheDocument());
    expect(onFocusLost).toHaveBeenCalledTimes(1);
    expect(server.requestsTo('/account/logout')[0]?.headers.get('X-WP-Nonce')).toBe('nonce-1');
  });
});
