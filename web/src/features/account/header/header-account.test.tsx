import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeAccountServer, customerCapabilities, sampleAccount } from '@/lib/api/test/fake-account-server';
import { renderWithAccount } from '../test/render';
import { HeaderAccount } from './header-account';
import { readLoginNotices } from './login-notices';

const ada = sampleAccount({ role: 'customer', capabilities: customerCapabilities });

beforeEach(() => window.sessionStorage.clear());

describe('the header’s account control', () => {
  it('opens the login popup from "Login" and logs in from it', async () => {
    const user = userEvent.setup();
    const server = new FakeAccountServer().addUser('ada@example.com', 'correct horse', ada);
    renderWithAccount(<HeaderAccount />, { server });
    const login = await screen.findByRole('button', { name: 'Login' });
    await waitEnabled(login);
    expect(login).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(login);
    const dialog = await screen.findByRole('dialog', { name: 'Login' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username or email address' }), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('link', { name: 'My account' })).toHaveAttribute('href', '/my-account/');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('keeps a refused login as a notice, so the popup opens by itself next time', async () => {
    const user = userEvent.setup();
    const first = renderWithAccount(<HeaderAccount />);
    const login = await screen.findByRole('button', { name: 'Login' });
    await waitEnabled(login);
    await user.click(login);
    const dialog = await screen.findByRole('dialog', { name: 'Login' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username or email address' }), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Unknown email address or incorrect password.');
    expect(readLoginNotices()).toEqual(['Unknown email address or incorrect password.']);
    first.unmount();

    // The next page load: the popup holds the notice, so it is open without a click.
    renderWithAccount(<HeaderAccount />);
    const reopened = await screen.findByRole('dialog', { name: 'Login' });
    expect(within(reopened).getByText('Unknown email address or incorrect password.')).toBeInTheDocument();
    await user.click(within(reopened).getByRole('button', { name: 'Close' }));
    expect(readLoginNotices()).toEqual([]);
  });

  it('logs out from the header', async () => {
    const user = userEvent.setup();
    const { server } = renderWithAccount(<HeaderAccount />, { server: new FakeAccountServer(ada) });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(server.requestsTo('/account/logout')).toHaveLength(1);
  });
});

async function waitEnabled(button: HTMLElement) {
  await act(async () => {
    for (let i = 0; i < 20 && button.hasAttribute('disabled'); i += 1) await Promise.resolve();
  });
  expect(button).toBeEnabled();
}
