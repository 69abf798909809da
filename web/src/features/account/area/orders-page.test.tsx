import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeAccountServer } from '@/lib/api/test/fake-account-server';
import { OrdersPage } from './orders-page';
import { FakeAreaServer, orderRow } from './test/fake-area-server';
import { customer, renderArea } from './test/render-area';
import { ViewOrderPage } from './view-order-page';

function server() {
  return new FakeAreaServer(new FakeAccountServer(customer));
}

describe('My account → Orders', () => {
  it('tables the account’s orders with Order, Date, Status, Total and Actions', async () => {
    const area = server();
    area.orders = [
      orderRow(12, { status: 'pending', pay_url: '/checkout/order-pay/12/?pay_for_order=true&key=k12', can_cancel: true, item_count: 1 }),
      orderRow(11),
    ];
    renderArea(<OrdersPage page={1} />, { path: '/my-account/orders/', server: area });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Order', 'Date', 'Status', 'Total', 'Actions']);
    const [, unpaid, paid] = within(table).getAllByRole('row');
    expect(within(unpaid!).getByRole('rowheader')).toHaveTextContent('#12');
    expect(unpaid).toHaveTextContent('November 25, 2026');
    expect(unpaid).toHaveTextContent('Pending payment');
    expect(unpaid).toHaveTextContent('$45.10 for 1 item');
    expect(within(unpaid!).getByRole('link', { name: 'Pay for order number 12' })).toHaveAttribute('href', '/checkout/order-pay/12/?pay_for_order=true&key=k12');
    expect(within(unpaid!).getByRole('button', { name: 'Cancel order number 12' })).toHaveTextContent('Cancel');
    expect(within(paid!).getAllByRole('link', { name: 'View order number 11' }).map((l) => l.getAttribute('href'))).toEqual(['/my-account/view-order/11/', '/my-account/view-order/11/']);
    expect(paid).toHaveTextContent('Processing');
    expect(paid).toHaveTextContent('$45.10 for 2 items');
    expect(within(paid!).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
    expect(within(paid!).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    expect(area.calls).toContain('GET /account/orders?page=1');
  });

  it('cancels an unpaid order and says so', async () => {
    const user = userEvent.setup();
    const area = server();
    area.orders = [orderRow(12, { status: 'pending', pay_url: '/checkout/order-pay/12/?pay_for_order=true&key=k12', can_cancel: true })];
    renderArea(<OrdersPage page={1} />, { path: '/my-account/orders/', server: area });
    await user.click(await screen.findByRole('button', { name: 'Cancel order number 12' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your order was cancelled.');
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order number 12' })).not.toBeInTheDocument();
    expect(area.calls).toContain('POST /account/orders/12/cancel');
  });

  it('pages ten at a time with Previous and Next at WooCommerce’s addresses', async () => {
    const area = server();
    area.orders = Array.from({ length: 25 }, (_, i) => orderRow(100 - i));
    renderArea(<OrdersPage page={2} />, { path: '/my-account/orders/2/', server: area });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('#90');
    const pages = screen.getByRole('navigation', { name: 'Orders pages' });
    expect(within(pages).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/my-account/orders/');
    expect(within(pages).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/my-account/orders/3/');
  });

  it('says "No order has been made yet." with "Browse products" when there are none', async () => {
    renderArea(<OrdersPage page={1} />, { path: '/my-account/orders/', server: server() });
    expect(await screen.findByText('No order has been made yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/shop/');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('My account → View order', () => {
  it('summarises the order and hands it to the app’s sections', async () => {
    const area = server();
    area.orders = [orderRow(11)];
    renderArea(<ViewOrderPage orderId={11} renderOrder={(order) => <p>sections of {order.id}</p>} />, { path: '/my-account/view-order/11/', server: area });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #11' })).toBeInTheDocument();
    expect(await screen.findByText('sections of 11')).toBeInTheDocument();
    expect(screen.getByText(/was placed on/).textContent).toBe('Order #11 was placed on November 25, 2026 and is currently Processing.');
    expect(within(screen.getByRole('navigation', { name: 'Account pages' })).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  });

  it('answers "Invalid order." for an order that is not the account’s', async () => {
    renderArea(<ViewOrderPage orderId={99} renderOrder={() => null} />, { path: '/my-account/view-order/99/', server: server() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid order.');
  });
});
