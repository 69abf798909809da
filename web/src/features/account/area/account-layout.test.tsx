import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountDashboard } from './dashboard';
import { customer, renderArea } from './test/render-area';
import { OrdersPage } from './orders-page';

const ENTRIES: Array<[string, string]> = [
  ['Dashboard', '/my-account/'],
  ['Orders', '/my-account/orders/'],
  ['Downloads', '/my-account/downloads/'],
  ['Addresses', '/my-account/edit-address/'],
  ['Payment methods', '/my-account/payment-methods/'],
  ['Account details', '/my-account/edit-account/'],
];

describe('the account area layout', () => {
  it('lists WooCommerce’s account pages in a named navigation, the current one marked, Log out last', async () => {
    renderArea(<AccountDashboard account={customer} />, { path: '/my-account/' });
    const nav = await screen.findByRole('navigation', { name: 'Account pages' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(ENTRIES);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
    const items = within(nav).getAllByRole('listitem');
    expect(items).toHaveLength(7);
    expect(within(items[6]!).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('marks Orders on the orders page and is walked with the keyboard alone', async () => {
    const user = userEvent.setup();
    renderArea(<OrdersPage page={1} />, { path: '/my-account/orders/' });
    const nav = await screen.findByRole('navigation', { name: 'Account pages' });
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    // Focus starts at the page's title (after the session answered); Tab walks the entries in order.
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    for (const [label] of ENTRIES) {
      await user.tab();
      expect(within(nav).getByRole('link', { name: label })).toHaveFocus();
    }
    await user.tab();
    expect(within(nav).getByRole('button', { name: 'Log out' })).toHaveFocus();
    // Enter on a link follows it.
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/my-account/payment-methods/');
  });

  it('greets the customer on the dashboard with WooCommerce’s words and links', async () => {
    const user = userEvent.setup();
    const { server } = renderArea(<AccountDashboard account={customer} />, { path: '/my-account/' });
    const hello = await screen.findByText('Hello Ada Lovelace');
    expect(hello.closest('p')).toHaveTextContent('Hello Ada Lovelace (not Ada Lovelace? Log out)');
    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'recent orders' })).toHaveAttribute('href', '/my-account/orders/');
    expect(screen.getByRole('link', { name: 'shipping and billing addresses' })).toHaveAttribute('href', '/my-account/edit-address/');
    expect(screen.getByRole('link', { name: 'edit your password and account details' })).toHaveAttribute('href', '/my-account/edit-account/');
    await user.click(within(hello.closest('p')!).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(server.account.requestsTo('/account/logout')).toHaveLength(1);
  });
});
