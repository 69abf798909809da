import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useMiniCartToggleProps } from '../cart-context';
import { removeItemHref } from '../constants';
import { BEANIE, CAP, cartItem, HOODIE, SCARF } from '../test/fixtures';
import { FakeCartServer, settle } from '../test/fake-server';
import { renderWithCart } from '../test/render';
import { AddToCartButton } from './add-to-cart-button';
import { MiniCart } from './mini-cart';

const miniCart = () => screen.queryByRole('region', { name: 'Mini cart' });

function HeaderCartLink() {
  const toggle = useMiniCartToggleProps();
  return (
    <a href="/cart/" aria-label="Cart" {...toggle}>
      Cart
    </a>
  );
}

function renderShop(initial: Array<[typeof HOODIE, number]> = [[HOODIE, 1], [BEANIE, 2]], fakeTimers = false) {
  const server = new FakeCartServer([HOODIE, BEANIE, CAP, SCARF], initial);
  const view = renderWithCart(
    <>
      <HeaderCartLink />
      <AddToCartButton productId={CAP.id} />
      <MiniCart />
    </>,
    server,
    { cached: server.cart(), fakeTimers },
  );
  return { server, ...view };
}

describe('MiniCart auto-close', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function addCap(user: ReturnType<typeof renderShop>['user']) {
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await act(settle);
    expect(miniCart()).toBeInTheDocument();
  }

  it('opens on add and closes itself after 5000 ms', async () => {
    const { user } = renderShop(undefined, true);
    await addCap(user);
    act(() => vi.advanceTimersByTime(4990));
    expect(miniCart()).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10));
    expect(miniCart()).not.toBeInTheDocument();
  });

  it('stays open while hovered and restarts the full 5000 ms when the pointer leaves', async () => {
    const { user } = renderShop(undefined, true);
    await addCap(user);
    const panel = miniCart()!.firstElementChild!;
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.mouseEnter(panel);
    act(() => vi.advanceTimersByTime(20_000));
    expect(miniCart()).toBeInTheDocument();
    fireEvent.mouseLeave(panel);
    act(() => vi.advanceTimersByTime(4990));
    expect(miniCart()).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10));
    expect(miniCart()).not.toBeInTheDocument();
  });

  it('stays open while focus is inside it', async () => {
    const { user } = renderShop(undefined, true);
    await addCap(user);
    act(() => within(miniCart()!).getByRole('button', { name: 'Close mini cart' }).focus());
    act(() => vi.advanceTimersByTime(10_000));
    expect(miniCart()).toBeInTheDocument();
  });

  it('does not close by itself when the shopper opened it from the header', async () => {
    const { user } = renderShop(undefined, true);
    await user.click(screen.getByRole('link', { name: 'Cart' }));
    expect(miniCart()).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10_000));
    expect(miniCart()).toBeInTheDocument();
  });
});

describe('MiniCart', () => {
  it('toggles from the header link, moves focus in, and Escape closes it returning focus', async () => {
    const { user } = renderShop();
    const link = screen.getByRole('link', { name: 'Cart' });
    expect(link).toHaveAttribute('aria-expanded', 'false');
    await user.click(link);
    expect(link).toHaveAttribute('aria-expanded', 'true');
    expect(link).toHaveAttribute('aria-controls', miniCart()!.id);
    expect(screen.getByRole('heading', { name: 'Cart' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(miniCart()).not.toBeInTheDocument();
    expect(link).toHaveFocus();

    await user.click(link);
    await user.click(link);
    expect(miniCart()).not.toBeInTheDocument();
  });

  it('shows lines with name, attributes, quantity and price, and the subtotal', async () => {
    const red = { ...HOODIE, attributes: [{ name: 'Color', value: 'Red' }] };
    const server = new FakeCartServer([red, BEANIE], [[red, 1], [BEANIE, 2]]);
    const { user } = renderWithCart(<><HeaderCartLink /><MiniCart /></>, server, { cached: server.cart() });
    await user.click(screen.getByRole('link', { name: 'Cart' }));
    const panel = within(miniCart()!);
    const items = panel.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Hoodie' })).toHaveAttribute('href', '/product/hoodie/');
    expect(items[0]).toHaveTextContent('Color:Red');
    expect(items[0]).toHaveTextContent('$45.00');
    expect(panel.getByRole('spinbutton', { name: 'Number of Beanie' })).toHaveValue(2);
    expect(panel.getByTestId('mini-cart-subtotal')).toHaveTextContent('$81.00');
  });

  it('blocks a line with the overlay while its removal is pending, then shows the new cart', async () => {
    const { server, user } = renderShop();
    await user.click(screen.getByRole('link', { name: 'Cart' }));
    const remove = within(miniCart()!).getByRole('button', { name: 'Remove Beanie from cart' });
    expect(remove).toHaveAttribute('href', removeItemHref(cartItem(BEANIE, 1).key));
    const line = remove.closest('li')!;

    server.hold();
    await user.click(remove);
    expect(line).toHaveAttribute('aria-busy', 'true');
    expect(within(line).getByTestId('block-overlay')).toBeInTheDocument();

    await act(() => server.releaseNext());
    expect(server.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/v1/cart/items/${cartItem(BEANIE, 1).key}` });
    expect(within(miniCart()!).queryByRole('button', { name: 'Remove Beanie from cart' })).not.toBeInTheDocument();
    expect(within(miniCart()!).getByTestId('mini-cart-subtotal')).toHaveTextContent('$45.00');
    expect(screen.getByRole('status', { name: 'Header count' })).toHaveTextContent('1');
    expect(screen.getByText('Beanie removed.')).toBeInTheDocument();
  });

  it('goes to the remove link’s own address when the removal fails (spec §8)', async () => {
    const { server, user, navigate } = renderShop();
    await user.click(screen.getByRole('link', { name: 'Cart' }));
    server.failNext('DELETE', { status: 500, body: { code: 'internal', message: 'Something went wrong.' } });
    await user.click(within(miniCart()!).getByRole('button', { name: 'Remove Hoodie from cart' }));
    await act(settle);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(removeItemHref(cartItem(HOODIE, 1).key));
  });

  it('goes to the link’s address when the answer carries no cart (spec §8)', async () => {
    const { server, user, navigate } = renderShop();
    await user.click(screen.getByRole('link', { name: 'Cart' }));
    server.failNext('DELETE', { status: 200, body: { fragments: {} } });
    await user.click(within(miniCart()!).getByRole('button', { name: 'Remove Hoodie from cart' }));
    await act(settle);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(removeItemHref(cartItem(HOODIE, 1).key));
  });

  it('removes with the Space key as a button does', async () => {
    const { server, user } = renderShop();
    await user.click(screen.getByRole('link', { name: 'Cart' }));
    act(() => within(miniCart()!).getByRole('button', { name: 'Remove Hoodie from cart' }).focus());
    await user.keyboard(' ');
    await waitFor(() => expect(within(miniCart()!).queryByRole('button', { name: 'Remove Hoodie from cart' })).not.toBeInTheDocument());
    await act(settle);
    expect(server.requests).toEqual([{ method: 'DELETE', path: `/api/v1/cart/items/${cartItem(HOODIE, 1).key}`, body: undefined }]);
  });

  it('changes a quantity with one PATCH after the shopper pauses', async () => {
    const { server, user } = renderShop();
    await user.click(screen.getByRole('link', { name: 'Cart' }));
    const increase = within(miniCart()!).getByRole('button', { name: 'Increase number of Beanie' });
    await user.click(increase);
    await user.click(increase);
    expect(within(miniCart()!).getByRole('spinbutton', { name: 'Number of Beanie' })).toHaveValue(4);
    expect(server.requests).toEqual([]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 900)));
    await act(settle);
    expect(server.requests).toEqual([{ method: 'PATCH', path: `/api/v1/cart/items/${cartItem(BEANIE, 1).key}`, body: { quantity: 4 } }]);
    expect(screen.getByRole('status', { name: 'Header count' })).toHaveTextContent('5');
  });

  it('says why a quantity was refused and keeps the old one', async () => {
    const { server, user } = renderShop([[CAP, 3]]);
    await user.click(screen.getByRole('link', { name: 'Cart' }));
    const field = within(miniCart()!).getByRole('spinbutton', { name: 'Number of Cap' });
    await user.clear(field);
    await user.type(field, '5');
    await act(() => new Promise((resolve) => setTimeout(resolve, 900)));
    // Nothing is sent while the shopper is still in the field.
    expect(server.requests).toEqual([]);
    await user.tab();
    await act(() => new Promise((resolve) => setTimeout(resolve, 900)));
    expect(await within(miniCart()!).findByRole('alert')).toHaveTextContent('we have 3 in stock');
    expect(field).toHaveValue(3);
  });

  it('keeps a typed quantity within the line’s max (spec §5) without asking the server', async () => {
    const { server, user } = renderShop([[SCARF, 2]]);
    await user.click(screen.getByRole('link', { name: 'Cart' }));
    const field = within(miniCart()!).getByRole('spinbutton', { name: 'Number of Scarf' });
    await user.clear(field);
    await user.type(field, '9');
    await user.tab();
    expect(field).toHaveValue(4);
    await act(() => new Promise((resolve) => setTimeout(resolve, 900)));
    await act(settle);
    expect(server.requests).toEqual([{ method: 'PATCH', path: `/api/v1/cart/items/${cartItem(SCARF, 1).key}`, body: { quantity: 4 } }]);
  });

  it('says the cart is empty', async () => {
    const { user } = renderShop([]);
    await user.click(screen.getByRole('link', { name: 'Cart' }));
    expect(within(miniCart()!).getByText('No products in the cart.')).toBeInTheDocument();
  });
});
