import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountPage } from './account-page';
import { FakeAccountServer, sampleAccount } from '@/lib/api/test/fake-account-server';
import { renderWithAccount } from '../test/render';

const ada = sampleAccount();
/** The login form (the Register form beside it has a password field too). */
const loginForm = () => within(screen.getByRole('form', { name: 'Login' }));

async function fillIn(user: ReturnType<typeof userEvent.setup>, login: string, password: string) {
  await user.type(screen.getByRole('textbox', { name: 'Username or email address' }), login);
  await user.type(loginForm().getByLabelText('Password'), password);
}

describe('/my-account/ while logged out', () => {
  it('shows WooCommerce’s login form', async () => {
    renderWithAccount(<AccountPage />);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Username or email address' })).toBeRequired();
    expect(loginForm().getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(loginForm().getByRole('button', { name: 'Show password' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('logs in and shows the dashboard without a reload, focus at its start', async () => {
    const user = userEvent.setup();
    const server = new FakeAccountServer().addUser('ada@example.com', 'correct horse', ada);
    renderWithAccount(<AccountPage />, { server });
    await screen.findByRole('heading', { name: 'Login' });
    await fillIn(user, 'ada@example.com', 'correct horse');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const hello = await screen.findByText('Hello Ada Lovelace');
    expect(hello).toHaveFocus();
    expect(screen.queryByRole('heading', { name: 'Login' })).not.toBeInTheDocument();
    const [login] = server.requestsTo('/account/login');
    expect(login?.method).toBe('POST');
    expect(login?.body).toEqual({ login: 'ada@example.com', password: 'correct horse', remember: true });
  });

  it('shows a refusal in an alert above the form and moves focus to it', async () => {
    const user = userEvent.setup();
    const server = new FakeAccountServer().addUser('ada@example.com', 'correct horse', ada);
    renderWithAccount(<AccountPage />, { server });
    await screen.findByRole('heading', { name: 'Login' });
    await fillIn(user, 'ada@example.com', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unknown email address or incorrect password.');
    // Spec §9: 500 ms later (pinned on a controlled clock in ../alert-focus.test.tsx).
    await waitFor(() => expect(alert).toHaveFocus());
    // Above the form: before it in document order.
    expect(alert.compareDocumentPosition(screen.getByRole('form', { name: 'Login' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Username or email address' })).toHaveValue('ada@example.com');
    expect(screen.queryByText(/Hello/)).not.toBeInTheDocument();
  });

  it('shows the rate limit’s message', async () => {
    const user = userEvent.setup();
    const server = new FakeAccountServer().refuseNext('/account/login', {
      status: 429,
      code: 'rate_limited',
      message: 'Too many failed login attempts. Please try again in a few minutes.',
    });
    renderWithAccount(<AccountPage />, { server });
    await screen.findByRole('heading', { name: 'Login' });
    await fillIn(user, 'ada@example.com', 'guess');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed login attempts. Please try again in a few minutes.');
  });

  it('marks the field a 422 names', async () => {
    const user = userEvent.setup();
    const server = new FakeAccountServer().refuseNext('/account/login', { status: 422, code: 'invalid_parameter', message: 'Error: The password field is empty.', field: 'password' });
    renderWithAccount(<AccountPage />, { server });
    await screen.findByRole('heading', { name: 'Login' });
    await user.type(screen.getByRole('textbox', { name: 'Username or email address' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(loginForm().getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(loginForm().getByLabelText('Password')).toHaveAccessibleDescription(alert.textContent ?? '');
    expect(screen.getByRole('textbox', { name: 'Username or email address' })).not.toHaveAttribute('aria-invalid');
  });
});

describe('/my-account/ while logged in', () => {
  it('greets the user and logs out with the nonce, back to the login form', async () => {
    const user = userEvent.setup();
    const server = new FakeAccountServer(ada);
    renderWithAccount(<AccountPage />, { server });
    expect(await screen.findByText('Hello Ada Lovelace')).toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: 'Account pages' })).getByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { name: 'Login' })).toHaveFocus();
    const [logout] = server.requestsTo('/account/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('X-WP-Nonce')).toBe('nonce-1');
    expect(logout?.credentials).toBe('same-origin');
  });

  it('says it is loading until the session answered, instead of flashing the login form', async () => {
    renderWithAccount(<AccountPage />, { server: new FakeAccountServer(ada) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
    expect(screen.queryByRole('heading', { name: 'Login' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Hello Ada Lovelace')).toBeInTheDocument());
  });
});
