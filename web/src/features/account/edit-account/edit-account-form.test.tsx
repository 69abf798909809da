import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeAccountServer, customerCapabilities, sampleAccount } from '@/lib/api/test/fake-account-server';
import { AccountPage } from '../components/account-page';
import { renderWithAccount } from '../test/render';
import { EditAccountForm } from './edit-account-form';

const ada = sampleAccount({ role: 'customer', capabilities: customerCapabilities });

function openForm(server = new FakeAccountServer(ada)) {
  return renderWithAccount(<AccountPage>{(account) => <EditAccountForm account={account} />}</AccountPage>, { server });
}

describe('Account details', () => {
  it('shows WooCommerce’s fields filled with the account', async () => {
    openForm();
    expect(await screen.findByRole('heading', { name: 'Account details' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Ada');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Lovelace');
    expect(screen.getByRole('textbox', { name: 'Display name' })).toHaveAccessibleDescription(
      'This will be how your name will be displayed in the account section and in reviews',
    );
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue('ada@example.com');
    expect(screen.getByRole('group', { name: 'Password change' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current password (leave blank to leave unchanged)')).toHaveValue('');
    expect(screen.getByLabelText('New password (leave blank to leave unchanged)')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm new password')).toBeInTheDocument();
  });

  it('saves the details with the nonce and says so', async () => {
    const user = userEvent.setup();
    const { server } = openForm();
    const last = await screen.findByRole('textbox', { name: 'Last name' });
    await user.clear(last);
    await user.type(last, 'Byron');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Account details changed successfully.')).toBeInTheDocument();
    const [sent] = server.requestsTo('/account/details');
    expect(sent?.headers.get('X-WP-Nonce')).toBe('nonce-1');
    expect(sent?.body).toMatchObject({ first_name: 'Ada', last_name: 'Byron', email: 'ada@example.com', password_current: '' });
    expect(server.account?.last_name).toBe('Byron');
  });

  it('shows a wrong current password next to its field and keeps what was typed', async () => {
    const user = userEvent.setup();
    const server = new FakeAccountServer(ada).refuseNext('/account/details', {
      status: 400,
      code: 'incorrect_password',
      field: 'password_current',
      message: 'Your current password is incorrect.',
    });
    openForm(server);
    const current = await screen.findByLabelText('Current password (leave blank to leave unchanged)');
    await user.type(current, 'wrong');
    await user.type(screen.getByLabelText('New password (leave blank to leave unchanged)'), 'Tulip-Harbour-42-Lantern');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your current password is incorrect.')).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveFocus();
    expect(screen.getByLabelText('New password (leave blank to leave unchanged)')).toHaveValue('Tulip-Harbour-42-Lantern');
    expect(screen.queryByText('Account details changed successfully.')).not.toBeInTheDocument();
  });
});
