import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeAccountServer, customerCapabilities, sampleAccount } from '@/lib/api/test/fake-account-server';
import { renderWithAccount } from '../test/render';
import { LostPasswordPage } from './lost-password-page';

const KEY = 'ab'.repeat(32);

describe('/my-account/lost-password/', () => {
  it('asks for the address and shows the same answer whatever it is', async () => {
    const user = userEvent.setup();
    const { server } = renderWithAccount(<LostPasswordPage />, { path: '/my-account/lost-password/' });
    expect(await screen.findByText(/Lost your password\? Please enter your username or email address/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Username or email' }), ' nobody@example.com ');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const sent = await screen.findByRole('status');
    expect(sent).toHaveTextContent('Password reset email has been sent.');
    expect(sent).toHaveFocus();
    expect(server.requestsTo('/account/lost-password')[0]?.body).toEqual({ user_login: 'nobody@example.com' });
  });

  it('sets a new password from the e-mailed link and logs in', async () => {
    const user = userEvent.setup();
    const ada = sampleAccount({ role: 'customer', capabilities: customerCapabilities });
    const server = new FakeAccountServer().addUser('ada@example.com', 'old', ada);
    server.resetKeys.set(KEY, 'ada@example.com');
    const { router } = renderWithAccount(<LostPasswordPage />, { server, path: `/my-account/lost-password/?key=${KEY}` });
    expect(await screen.findByText('Enter a new password below.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'Tulip-Harbour-42-Lantern');
    await user.type(screen.getByLabelText('Re-enter new password'), 'Tulip-Harbour-42-Lantern');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-account/'));
    expect(router.state.location.state).toEqual({ notice: 'Your password has been reset successfully.' });
    expect(server.users.get('ada@example.com')?.password).toBe('Tulip-Harbour-42-Lantern');
  });

  it('does not send two different passwords', async () => {
    const user = userEvent.setup();
    const server = new FakeAccountServer().addUser('ada@example.com', 'old', sampleAccount());
    server.resetKeys.set(KEY, 'ada@example.com');
    renderWithAccount(<LostPasswordPage />, { server, path: `/my-account/lost-password/?key=${KEY}` });
    await user.type(await screen.findByLabelText('New password'), 'Tulip-Harbour-42-Lantern');
    await user.type(screen.getByLabelText('Re-enter new password'), 'Tulip-Harbour-42-Lanterns');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText('Re-enter new password')).toHaveFocus();
    expect(server.requestsTo('/account/reset-password')).toHaveLength(0);
  });

  it('turns a used or unknown link into the request form with the reason', async () => {
    renderWithAccount(<LostPasswordPage />, { path: `/my-account/lost-password/?key=${KEY}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid or has already been used.');
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeInTheDocument();
  });
});
