import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeCartServer, settle } from '@/features/cart/test/fake-server';
import { cartItem, type ProductStub } from '@/features/cart/test/fixtures';
import { sampleProduct } from '@/lib/api/fixtures/sample-catalogue';
import { renderApp } from './testing';

// Whole-app renders in jsdom are slow on a busy machine; give client navigations room.
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A fake-server product for a sample catalogue product. */
function stub(slug: string): ProductStub {
  const product = sampleProduct(slug);
  if (!product) throw new Error(`no fixture for ${slug}`);
  return { id: product.id, name: product.name, priceMinor: product.price?.min_minor ?? 0 };
}

const miniCart = () => screen.queryByRole('region', { name: 'Mini cart' });
/** The product summary's own button (related products have "Add to cart" buttons too). */
const productAddButton = () => within(document.querySelector<HTMLElement>('.product__summary')!).getByRole('button', { name: 'Add to cart' });
const cartLink = (count: string) => screen.findByRole('link', { name: `Cart, ${count}` });

describe('header cart link', () => {
  it('counts what the cart holds', async () => {
    const tshirt = stub('t-shirt');
    renderApp('/', { cartServer: new FakeCartServer([tshirt], [[tshirt, 1]]) });
    expect(await cartLink('1 item')).toHaveAttribute('href', '/cart/');
  });

  it('toggles the mini cart on a plain click and leaves modified clicks to the browser', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/shop/');
    const link = await cartLink('0 items');
    expect(link).toHaveAttribute('aria-controls', 'mini-cart');
    expect(link).toHaveAttribute('aria-expanded', 'false');
    expect(miniCart()).not.toBeInTheDocument();

    await user.click(link);
    expect(miniCart()).toBeInTheDocument();
    expect(link).toHaveAttribute('aria-expanded', 'true');
    expect(within(miniCart()!).getByText('No products in the cart.')).toBeInTheDocument();
    expect(within(miniCart()!).getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart/');
    expect(router.state.location.pathname).toBe('/shop/');

    await user.click(link);
    expect(miniCart()).not.toBeInTheDocument();

    // Ctrl/⌘-click: left to the browser (it opens /cart/ in a new tab), nothing toggles.
    const prevented: boolean[] = [];
    const record = (event: MouseEvent) => {
      prevented.push(event.defaultPrevented);
      event.preventDefault(); // jsdom cannot navigate
    };
    document.addEventListener('click', record);
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link, { metaKey: true });
    document.removeEventListener('click', record);
    expect(prevented).toEqual([false, false]);
    expect(miniCart()).not.toBeInTheDocument();
  });
});

describe('product page', () => {
  it('adds through the cart client, opens the mini cart and offers "View cart" after the button', async () => {
    const user = userEvent.setup();
    const tshirt = stub('t-shirt');
    const cartServer = new FakeCartServer([tshirt]);
    renderApp('/product/t-shirt/', { cartServer });
    await cartLink('0 items');
    expect(screen.queryByRole('link', { name: 'View cart' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(productAddButton());

    expect(await cartLink('2 items')).toBeInTheDocument();
    expect(cartServer.requests.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/v1/cart/items', body: { product_id: tshirt.id, quantity: 2 } },
    ]);
    const button = productAddButton();
    const viewCart = screen.getByRole('link', { name: 'View cart' });
    expect(viewCart).toHaveAttribute('href', '/cart/');
    expect(button.nextElementSibling).toBe(viewCart);
    expect(button).toHaveClass('added');
    expect(within(miniCart()!).getByRole('spinbutton', { name: `Number of ${tshirt.name}` })).toHaveValue(2);
  });

  it('shows loading while the add is pending, then added', async () => {
    const user = userEvent.setup();
    const tshirt = stub('t-shirt');
    const cartServer = new FakeCartServer([tshirt]);
    renderApp('/product/t-shirt/', { cartServer });
    await cartLink('0 items');
    cartServer.hold();
    const button = productAddButton();
    expect(button).not.toHaveClass('loading');
    await user.click(button);
    expect(button).toHaveClass('loading');
    expect(button).toHaveAttribute('aria-busy', 'true');
    await act(() => cartServer.releaseNext());
    await waitFor(() => expect(button).toHaveClass('added'));
    expect(button).not.toHaveClass('loading');
    expect(button).not.toHaveAttribute('aria-busy');
  });

  it('adds five fast clicks as five requests, one at a time and in order', async () => {
    const user = userEvent.setup();
    const tshirt = stub('t-shirt');
    const cartServer = new FakeCartServer([tshirt]);
    renderApp('/product/t-shirt/', { cartServer });
    await cartLink('0 items');
    cartServer.hold();
    const button = productAddButton();
    for (let i = 0; i < 5; i += 1) await user.click(button);
    for (let i = 0; i < 5; i += 1) {
      await waitFor(() => expect(cartServer.heldCount).toBe(1));
      await act(() => cartServer.releaseNext());
    }
    expect(await cartLink('5 items')).toBeInTheDocument();
    expect(cartServer.requests.filter((r) => r.method === 'POST')).toHaveLength(5);
    expect(cartServer.maxInFlight).toBe(1);
  });

  it('adds a grouped product’s children with their quantities', async () => {
    const user = userEvent.setup();
    const tshirt = stub('t-shirt');
    const beanie = stub('beanie');
    // The fake adds the grouped product itself as one line; the body is what matters here.
    const cartServer = new FakeCartServer([tshirt, beanie, stub('logo-collection')]);
    renderApp('/product/logo-collection/', { cartServer });
    await cartLink('0 items');
    await user.click(screen.getByRole('button', { name: 'Increase quantity for T-Shirt' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity for Beanie' }));
    await user.click(productAddButton());
    const post = await waitFor(() => {
      const found = cartServer.requests.find((r) => r.method === 'POST');
      expect(found).toBeDefined();
      return found!;
    });
    expect(post.body).toEqual({ product_id: sampleProduct('logo-collection')!.id, quantities: { [tshirt.id]: 1, [beanie.id]: 1 } });
    expect(await screen.findByRole('link', { name: 'View cart' })).toBeInTheDocument();
  });

  it('shows the server’s refusal under the button', async () => {
    const user = userEvent.setup();
    const tshirt = stub('t-shirt');
    const cartServer = new FakeCartServer([tshirt]);
    cartServer.failNext('POST', {
      status: 409,
      body: { code: 'insufficient_stock', message: 'You cannot add that amount to the cart.', product_url: '/product/t-shirt/', available: 0 },
    });
    const { navigate } = renderApp('/product/t-shirt/', { cartServer, cart: { sync: null } });
    await cartLink('0 items');
    // The cart hook compares the error's product_url with window.location: put the tab there.
    window.history.replaceState(null, '', '/product/t-shirt/');
    await user.click(productAddButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot add that amount to the cart.');
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'View cart' })).not.toBeInTheDocument();
  });
});

describe('listing cards', () => {
  it('add simple products by ajax with "View cart" after, and link the others to their page', async () => {
    const user = userEvent.setup();
    const beanie = stub('beanie');
    const cartServer = new FakeCartServer([beanie]);
    const { router } = renderApp('/shop/', { cartServer });
    await cartLink('0 items');
    const card = (name: string) => {
      const found = screen.getAllByTestId('product-card').find((c) => within(c).queryByRole('link', { name }));
      if (!found) throw new Error(`no card for ${name}`);
      return within(found);
    };

    expect(card('Hoodie').getByRole('link', { name: 'Select options' })).toHaveAttribute('href', '/product/hoodie/');
    expect(card('Logo Collection').getByRole('link', { name: 'View products' })).toBeInTheDocument();
    const add = card('Beanie').getByRole('button', { name: 'Add to cart' });
    expect(add).toHaveAccessibleDescription('Beanie');

    await user.click(add);
    expect(await cartLink('1 item')).toBeInTheDocument();
    expect(cartServer.requests.filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', path: '/api/v1/cart/items', body: { product_id: beanie.id } }]);
    expect(card('Beanie').getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart/');
    expect(miniCart()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shop/');
  });
});

describe('cart page', () => {
  it('is the route the server calls "cart", titled "Cart"', async () => {
    const tshirt = stub('t-shirt');
    renderApp('/cart/', { cartServer: new FakeCartServer([tshirt], [[tshirt, 3]]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Cart – Vitrine'));
    expect(await screen.findByRole('spinbutton', { name: `Quantity for ${tshirt.name}` })).toHaveValue(3);
    expect(await cartLink('3 items')).toBeInTheDocument();
  });

  it('removes the line named by ?remove_item= once, then drops the parameter without reloading the page', async () => {
    const tshirt = stub('t-shirt');
    const beanie = stub('beanie');
    const cartServer = new FakeCartServer([tshirt, beanie], [[tshirt, 1], [beanie, 2]]);
    const key = cartItem(tshirt, 1).key;
    const { router, fetchPage } = renderApp(`/cart/?remove_item=${key}`, { cartServer });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/cart/');
    expect(await cartLink('2 items')).toBeInTheDocument();
    expect(cartServer.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(screen.queryByRole('spinbutton', { name: `Quantity for ${tshirt.name}` })).not.toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: `Quantity for ${beanie.name}` })).toHaveValue(2);
    await act(settle);
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('opens from the mini cart’s "Go to cart" on the client', async () => {
    const user = userEvent.setup();
    const { fetchPage } = renderApp('/shop/');
    await user.click(await cartLink('0 items'));
    await user.click(within(miniCart()!).getByRole('link', { name: 'Go to cart' }));
    expect(await screen.findByText('Your cart is currently empty.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    expect(fetchPage).toHaveBeenCalledWith('/cart/', expect.anything());
    expect(miniCart()).not.toBeInTheDocument();
  });
});
