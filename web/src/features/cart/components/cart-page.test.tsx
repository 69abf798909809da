import { act, screen, waitFor, within } from '@testing-library/react';
import { removeItemHref } from '../constants';
import { BEANIE, CAP, cartItem, cartOf, crossSell, HOODIE } from '../test/fixtures';
import { FakeCartServer, settle } from '../test/fake-server';
import { renderWithCart } from '../test/render';
import { CartPage } from './cart-page';

const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

function renderCartPage(initial: Array<[typeof HOODIE, number]> = [[HOODIE, 1], [BEANIE, 2]], path = '/cart/') {
  const server = new FakeCartServer([HOODIE, BEANIE, CAP], initial);
  // Arrive from a page that already loaded the cart (so the cart page refreshes it once).
  const view = renderWithCart(<CartPage />, server, { cached: server.cart(), path });
  return { server, ...view };
}

const row = (name: string) => screen.getByRole('link', { name }).closest('tr')!;

describe('CartPage', () => {
  it('lists each line with name, attributes, unit price, quantity, subtotal and remove, and the totals', async () => {
    const red = { ...HOODIE, attributes: [{ name: 'Color', value: 'Red' }] };
    const server = new FakeCartServer([red, BEANIE], [[red, 1], [BEANIE, 2]]);
    renderWithCart(<CartPage />, server, { cached: server.cart(), path: '/cart/' });

    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    const hoodie = within(row('Hoodie'));
    expect(hoodie.getByRole('link', { name: 'Hoodie' })).toHaveAttribute('href', '/product/hoodie/');
    expect(row('Hoodie')).toHaveTextContent('Color:Red');
    expect(hoodie.getByRole('spinbutton', { name: 'Quantity for Hoodie' })).toHaveValue(1);
    expect(hoodie.getByRole('button', { name: 'Remove Hoodie from cart' })).toBeInTheDocument();
    const beanie = within(row('Beanie'));
    expect(beanie.getByRole('cell', { name: '$18.00' })).toBeInTheDocument();
    expect(beanie.getByRole('cell', { name: '$36.00' })).toBeInTheDocument();

    const totals = within(screen.getByRole('region', { name: 'Cart totals' }));
    expect(totals.getByRole('rowheader', { name: 'Subtotal' })).toBeInTheDocument();
    expect(totals.getByTestId('cart-subtotal')).toHaveTextContent('$81.00');
    expect(totals.getByTestId('cart-total')).toHaveTextContent('$81.00');
    expect(totals.getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute('href', '/checkout/');
  });

  it('refreshes a cart that came from the session cache, once', async () => {
    const { server } = renderCartPage();
    await act(settle);
    expect(server.requests).toEqual([{ method: 'GET', path: '/api/v1/cart', body: undefined }]);
  });

  it('applies a changed quantity with "Update cart"', async () => {
    const { server, user } = renderCartPage();
    await act(settle);
    const update = screen.getByRole('button', { name: 'Update cart' });
    expect(update).toBeDisabled();

    const quantity = screen.getByRole('spinbutton', { name: 'Quantity for Beanie' });
    await user.clear(quantity);
    await user.type(quantity, '5');
    expect(update).toBeEnabled();
    await user.click(update);
    await act(settle);

    expect(server.requests.at(-1)).toEqual({ method: 'PATCH', path: `/api/v1/cart/items/${cartItem(BEANIE, 1).key}`, body: { quantity: 5 } });
    expect(within(row('Beanie')).getByRole('cell', { name: '$90.00' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$135.00');
    expect(screen.getByRole('status', { name: 'Header count' })).toHaveTextContent('6');
    expect(update).toBeDisabled();
    expect(screen.getByText('Cart updated.')).toBeInTheDocument();
  });

  it('also applies a plus/minus change by itself after a short pause', async () => {
    const { server, user } = renderCartPage();
    await act(settle);
    await user.click(screen.getByRole('button', { name: 'Decrease quantity for Beanie' }));
    expect(screen.getByRole('spinbutton', { name: 'Quantity for Beanie' })).toHaveValue(1);
    await wait(900);
    await act(settle);
    expect(server.requests.filter((r) => r.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: `/api/v1/cart/items/${cartItem(BEANIE, 1).key}`, body: { quantity: 1 } },
    ]);
  });

  it('shows the server’s message when a quantity is refused, and keeps the line as it was', async () => {
    const { user } = renderCartPage([[CAP, 2]]);
    await act(settle);
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity for Cap' });
    await user.clear(quantity);
    await user.type(quantity, '7');
    await user.click(screen.getByRole('button', { name: 'Update cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot add that amount — we have 3 in stock.');
    expect(quantity).toHaveValue(2);
  });

  it('blocks a removed line, then shows the cart without it; the last removal shows the empty state', async () => {
    const { server, user } = renderCartPage([[HOODIE, 1]]);
    await act(settle);
    server.hold();
    await user.click(screen.getByRole('button', { name: 'Remove Hoodie from cart' }));
    expect(row('Hoodie')).toHaveAttribute('aria-busy', 'true');
    expect(within(row('Hoodie')).getByTestId('block-overlay')).toBeInTheDocument();
    await act(() => server.releaseNext());
    expect(screen.queryByRole('link', { name: 'Hoodie' })).not.toBeInTheDocument();
    expect(screen.getByText('Your cart is currently empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to shop' })).toHaveAttribute('href', '/shop/');
  });

  it('goes to the remove link’s address when the removal fails', async () => {
    const { server, user, navigate } = renderCartPage();
    await act(settle);
    server.failNext('DELETE', 'network');
    await user.click(screen.getByRole('button', { name: 'Remove Beanie from cart' }));
    await act(settle);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(removeItemHref(cartItem(BEANIE, 1).key));
  });

  it('removes the line named by ?remove_item= once and drops the parameter', async () => {
    const key = cartItem(BEANIE, 1).key;
    const { server } = renderCartPage(undefined, removeItemHref(key));
    await act(settle);
    expect(server.requests.filter((r) => r.method === 'DELETE')).toEqual([{ method: 'DELETE', path: `/api/v1/cart/items/${key}`, body: undefined }]);
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent(/^\/cart\/$/);
    expect(screen.queryByRole('link', { name: 'Beanie' })).not.toBeInTheDocument();
    expect(screen.getByText('Beanie removed.')).toBeInTheDocument();
  });

  it('reports a ?remove_item= that cannot be removed instead of navigating again', async () => {
    const { navigate } = renderCartPage(undefined, '/cart/?remove_item=0123');
    expect(await screen.findByRole('alert')).toHaveTextContent('That item is no longer in your cart.');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows the empty state with a way back to the shop', async () => {
    const server = new FakeCartServer([HOODIE]);
    renderWithCart(<CartPage />, server, { path: '/cart/' });
    expect(await screen.findByText('Your cart is currently empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to shop' })).toHaveAttribute('href', '/shop/');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(server.requests.map((r) => r.path)).toEqual(['/api/v1/session']);
  });

  it('offers cross-sells that add without a "View cart" link', async () => {
    const server = new FakeCartServer([HOODIE, BEANIE], [[HOODIE, 1]]);
    const cart = cartOf(server.cart().items, { cross_sells: [crossSell(BEANIE.id, 'Beanie'), crossSell(90, 'Album', false)] });
    server.failNext('GET', { status: 200, body: { cart } });
    const { user } = renderWithCart(<CartPage />, server, { cached: server.cart(), path: '/cart/' });
    const section = within(await screen.findByRole('region', { name: 'You may be interested in…' }));
    expect(section.getByRole('heading', { name: 'Album' })).toBeInTheDocument();
    expect(section.getByRole('link', { name: 'Read more' })).toHaveAttribute('href', '/product/album/');

    await user.click(section.getByRole('button', { name: 'Add to cart' }));
    await act(settle);
    expect(screen.getByRole('spinbutton', { name: 'Quantity for Beanie' })).toHaveValue(1);
    expect(screen.queryByRole('link', { name: 'View cart' })).not.toBeInTheDocument();
  });

  it('shows server notices about the cart', async () => {
    const server = new FakeCartServer([HOODIE], [[HOODIE, 1]]);
    server.failNext('GET', {
      status: 200,
      body: { cart: cartOf(server.cart().items, { notices: [{ kind: 'error', message: 'Scarf was removed from your cart because it can no longer be purchased.' }] }) },
    });
    renderWithCart(<CartPage />, server, { cached: server.cart(), path: '/cart/' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Scarf was removed from your cart');
  });

  it('offers a retry when the cart cannot be loaded', async () => {
    const server = new FakeCartServer([HOODIE], [[HOODIE, 2]]);
    server.failNext('GET', 'network');
    const { user } = renderWithCart(<CartPage />, server, { path: '/cart/' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your cart could not be loaded. You are probably offline.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('spinbutton', { name: 'Quantity for Hoodie' })).toHaveValue(2);
  });
});

describe('CartPage focus', () => {
  it('puts focus on the page title when the focused line is removed', async () => {
    const server = new FakeCartServer([HOODIE, BEANIE], [[HOODIE, 1], [BEANIE, 1]]);
    const { user } = renderWithCart(<CartPage />, server, { cached: server.cart(), path: '/cart/' });
    await act(settle);
    act(() => screen.getByRole('button', { name: 'Remove Hoodie from cart' }).focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toHaveFocus());
  });
});
