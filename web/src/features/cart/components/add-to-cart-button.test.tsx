import { act, screen, within } from '@testing-library/react';
import { ADDED_TO_CART_EVENT, type AddedToCartDetail } from '../added-event';
import { BEANIE, cartItem, cartOf, HOODIE } from '../test/fixtures';
import { FakeCartServer, settle } from '../test/fake-server';
import { renderWithCart } from '../test/render';
import { AddToCartButton } from './add-to-cart-button';
import { MiniCart } from './mini-cart';

const header = () => screen.getByRole('status', { name: 'Header count' });

function serverWithEmptyCart() {
  const server = new FakeCartServer([HOODIE, BEANIE]);
  return { server, cached: cartOf([]) };
}

describe('AddToCartButton', () => {
  it('goes normal → loading → added and then offers "View cart"', async () => {
    const { server, cached } = serverWithEmptyCart();
    const { user } = renderWithCart(<AddToCartButton productId={HOODIE.id} getQuantity={() => 2} />, server, { cached });
    const button = screen.getByRole('button', { name: 'Add to cart' });
    expect(button).toHaveAttribute('data-state', 'normal');
    expect(screen.queryByRole('link', { name: 'View cart' })).not.toBeInTheDocument();

    server.hold();
    await user.click(button);
    expect(button).toHaveAttribute('data-state', 'loading');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('link', { name: 'View cart' })).not.toBeInTheDocument();

    await act(() => server.releaseNext());
    expect(button).toHaveAttribute('data-state', 'added');
    expect(button).toHaveClass('added');
    expect(button).not.toHaveAttribute('aria-busy');
    const viewCart = screen.getByRole('link', { name: 'View cart' });
    expect(viewCart).toHaveAttribute('href', '/cart/');
    // Inserted right after the button.
    expect(button.nextElementSibling).toBe(viewCart);
    expect(server.requests).toEqual([{ method: 'POST', path: '/api/v1/cart/items', body: { product_id: HOODIE.id, quantity: 2 } }]);
  });

  it('hands the added-to-cart event the button as it was clicked (tracking reads its classes)', async () => {
    const { server, cached } = serverWithEmptyCart();
    const details: AddedToCartDetail[] = [];
    const listen = (event: Event) => details.push((event as CustomEvent<AddedToCartDetail>).detail);
    window.addEventListener(ADDED_TO_CART_EVENT, listen);
    try {
      const { user } = renderWithCart(<AddToCartButton productId={HOODIE.id} className="disabled" />, server, { cached });
      server.hold();
      await user.click(screen.getByRole('button', { name: 'Add to cart' }));
      await act(() => server.releaseNext());
      expect(details).toHaveLength(1);
      const trigger = details[0]?.trigger;
      expect(trigger).toBeInstanceOf(HTMLButtonElement);
      // The classes of the click, not of the answer: "loading" then, "added" now.
      expect(trigger).toHaveClass('add_to_cart_button', 'disabled');
      expect(trigger).not.toHaveClass('added');
      expect(trigger).not.toBe(screen.getByRole('button', { name: 'Add to cart' }));
    } finally {
      window.removeEventListener(ADDED_TO_CART_EVENT, listen);
    }
  });

  it('updates the header count, announces the product and opens the mini cart', async () => {
    const { server, cached } = serverWithEmptyCart();
    const { user } = renderWithCart(
      <>
        <AddToCartButton productId={HOODIE.id} />
        <MiniCart />
      </>,
      server,
      { cached },
    );
    expect(header()).toHaveTextContent('0');
    expect(screen.queryByRole('region', { name: 'Mini cart' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    expect(await screen.findByText('Hoodie has been added to your cart.')).toBeInTheDocument();
    // Shown in the shop's Notification (visible for 3000 ms, components/notification.test.tsx).
    expect(screen.getByText('Hoodie has been added to your cart.').closest('[role="status"]')).toHaveClass('notification');
    expect(header()).toHaveTextContent('1');
    const miniCart = screen.getByRole('region', { name: 'Mini cart' });
    expect(within(miniCart).getByRole('button', { name: 'Remove Hoodie from cart' })).toBeInTheDocument();
  });

  it('queues five fast clicks: five requests, in order, one at a time', async () => {
    const { server, cached } = serverWithEmptyCart();
    let quantity = 0;
    const { user } = renderWithCart(<AddToCartButton productId={HOODIE.id} getQuantity={() => ++quantity} />, server, { cached });
    server.hold();
    const button = screen.getByRole('button', { name: 'Add to cart' });
    for (let i = 0; i < 5; i += 1) await user.click(button);

    // Only the first request has been sent; four wait their turn.
    expect(server.requests).toHaveLength(1);
    expect(button).toHaveAttribute('data-state', 'loading');

    for (let sent = 1; sent <= 5; sent += 1) {
      expect(server.requests).toHaveLength(sent);
      expect(server.heldCount).toBe(1);
      await act(() => server.releaseNext());
    }
    expect(server.requests.map((request) => request.body)).toEqual([1, 2, 3, 4, 5].map((q) => ({ product_id: HOODIE.id, quantity: q })));
    expect(server.maxInFlight).toBe(1);
    expect(header()).toHaveTextContent('15');
    expect(button).toHaveAttribute('data-state', 'added');
  });

  it('sends extra fields as they are', async () => {
    const { server, cached } = serverWithEmptyCart();
    const { user } = renderWithCart(
      <AddToCartButton productId={HOODIE.id} extra={{ variation_id: 61, attributes: { attribute_color: 'Red' } }} />,
      server,
      { cached },
    );
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(server.requests[0]!.body).toEqual({ product_id: HOODIE.id, variation_id: 61, attributes: { attribute_color: 'Red' } });
  });

  it('offers no "View cart" link on the cart page and leaves the mini cart shut', async () => {
    const { server, cached } = serverWithEmptyCart();
    const { user } = renderWithCart(
      <>
        <AddToCartButton productId={HOODIE.id} isCartPage />
        <MiniCart />
      </>,
      server,
      { cached, path: '/cart/' },
    );
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await screen.findByText('Hoodie has been added to your cart.');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveAttribute('data-state', 'added');
    expect(screen.queryByRole('link', { name: 'View cart' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Mini cart' })).not.toBeInTheDocument();
  });

  it('sends the browser to product_url when the add fails (spec §8)', async () => {
    const { server, cached } = serverWithEmptyCart();
    server.failNext('POST', {
      status: 409,
      body: { code: 'insufficient_stock', message: 'Not enough stock.', product_url: '/product/beanie/', available: 0 },
    });
    const { user, navigate } = renderWithCart(<AddToCartButton productId={BEANIE.id} />, server, { cached, path: '/shop/' });
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await act(settle);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/product/beanie/');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveAttribute('data-state', 'normal');
    expect(screen.queryByRole('link', { name: 'View cart' })).not.toBeInTheDocument();
  });

  it('shows the message instead when product_url is the page already shown', async () => {
    const { server, cached } = serverWithEmptyCart();
    server.failNext('POST', {
      status: 409,
      body: { code: 'insufficient_stock', message: 'You cannot add that amount — we have 2 in stock.', product_url: window.location.href },
    });
    const { user, navigate } = renderWithCart(<AddToCartButton productId={BEANIE.id} />, server, { cached });
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot add that amount — we have 2 in stock.');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('is a plain link without a product id and makes no request (spec §5)', async () => {
    const { server, cached } = serverWithEmptyCart();
    const { user, navigate } = renderWithCart(<AddToCartButton href="/product/hoodie/" label="Select options" />, server, { cached });
    const link = screen.getByRole('link', { name: 'Select options' });
    expect(link).toHaveAttribute('href', '/product/hoodie/');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    // jsdom cannot follow links; the point is that nothing of ours intercepts the click.
    const follow = vi.fn((event: Event) => event.preventDefault());
    document.addEventListener('click', follow);
    await user.click(link);
    document.removeEventListener('click', follow);
    expect(follow.mock.calls[0]![0].defaultPrevented).toBe(true);
    expect(server.requests).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('is a plain submit button without a product id or address', () => {
    const { server, cached } = serverWithEmptyCart();
    renderWithCart(<AddToCartButton />, server, { cached });
    const button = screen.getByRole('button', { name: 'Add to cart' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).not.toHaveAttribute('data-product_id');
  });

  it('names every line the server reports as added', async () => {
    const server = new FakeCartServer([HOODIE, BEANIE]);
    const before = cartOf([]);
    server.failNext('POST', {
      status: 200,
      body: { cart: cartOf([cartItem(HOODIE, 1), cartItem(BEANIE, 1)]), added: [cartItem(HOODIE, 1).key, cartItem(BEANIE, 1).key] },
    });
    const { user } = renderWithCart(<AddToCartButton productId={99} extra={{ quantities: { 46: 1, 47: 1 } }} />, server, { cached: before });
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Hoodie and Beanie have been added to your cart.')).toBeInTheDocument();
  });
});
