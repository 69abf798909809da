import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeAccountServer, sampleAccount } from '@/lib/api/test/fake-account-server';
import { AccountPage } from '../components/account-page';
import { renderWithAccount } from '../test/render';

async function openPage(server = new FakeAccountServer()) {
  const view = renderWithAccount(<AccountPage />, { server });
  await screen.findByRole('heading', { name: 'Register' });
  return view;
}

const register = () => screen.getByRole('form', { name: 'Register' });

describe('/my-account/ logged out: Login and Register side by side', () => {
  it('shows both of WooCommerce’s forms and the lost-password link', async () => {
    await openPage();
    expect(screen.getByRole('form', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeRequired();
    expect(register()).toContainElement(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByRole('link', { name: 'Lost your password?' })).toHaveAttribute('href', '/my-account/lost-password/');
  });

  it('signs up and shows the account without a reload', async () => {
    const user = userEvent.setup();
    const { server } = await openPage();
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), ' grace@example.com ');
    const password = register().querySelector<HTMLInputElement>('input[name="password"]')!;
    await user.type(password, 'Tulip-Harbour-42-Lantern');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Hello grace')).toBeInTheDocument();
    expect(server.requestsTo('/account/register')[0]?.body).toEqual({ email: 'grace@example.com', password: 'Tulip-Harbour-42-Lantern' });
  });

  it('shows a taken address next to the e-mail field and moves focus there', async () => {
    const user = userEvent.setup();
    const server = new FakeAccountServer().addUser('ada@example.com', 'x', sampleAccount());
    await openPage(server);
    const email = screen.getByRole('textbox', { name: 'Email address' });
    await user.type(email, 'ada@example.com');
    await user.type(register().querySelector<HTMLInputElement>('input[name="password"]')!, 'Tulip-Harbour-42-Lantern');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('An account is already registered with your email address. Please log in.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('An account is already registered with your email address. Please log in.');
    expect(email).toHaveFocus();
    expect(email).toHaveValue('ada@example.com');
  });

  it('shows a weak password next to the password field', async () => {
    const user = userEvent.setup();
    const server = new FakeAccountServer().refuseNext('/account/register', {
      status: 400,
      code: 'weak_password',
      field: 'password',
      message: 'Weak - Please enter a stronger password.',
    });
    await openPage(server);
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'grace@example.com');
    const password = register().querySelector<HTMLInputElement>('input[name="password"]')!;
    await user.type(password, 'password1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('Weak - Please enter a stronger password.');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
  });

  it('shows a refusal without a field (the brake) in an alert', async () => {
    const user = userEvent.setup();
    const server = new FakeAccountServer().refuseNext('/account/register', {
      status: 429,
      code: 'rate_limited',
      message: 'Too many accounts were opened from your connection; please try again in a minute.',
    });
    await openPage(server);
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many accounts were opened');
    // Spec §9: 500 ms later (pinned on a controlled clock in ../alert-focus.test.tsx).
    await waitFor(() => expect(alert).toHaveFocus());
  });
});
