import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeCartServer } from '@/features/cart/test/fake-server';
import { BEANIE } from '@/features/cart/test/fixtures';
import { renderApp } from './testing';

// Whole-app renders in jsdom are slow on a busy machine; give client navigations room.
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('first paint', () => {
  it('renders the inlined page without asking the server', async () => {
    const { fetchPage } = renderApp('/shop/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    expect(fetchPage).not.toHaveBeenCalled();
  });
});

describe('header', () => {
  it('offers search, the cart and the category navigation', async () => {
    renderApp('/shop/');
    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/cart/');
    expect(screen.getByRole('combobox', { name: 'Search products' })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getAllByRole('link', { name: /Clothing/ })[0]).toHaveAttribute('href', '/product-category/clothing/');
  });

  it('counts the items in the cart', async () => {
    renderApp('/', { cartServer: new FakeCartServer([BEANIE], [[BEANIE, 1]]) });
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });

  it('searches with WooCommerce URLs', async () => {
    const user = userEvent.setup();
    const { router, fetchPage } = renderApp('/shop/');
    await user.type(await screen.findByRole('combobox', { name: 'Search products' }), 'hoodie{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?s=hoodie&post_type=product'));
    expect(fetchPage).toHaveBeenCalledWith('/?s=hoodie&post_type=product', expect.anything());
    expect(await screen.findByRole('heading', { level: 1, name: 'Search results: “hoodie”' })).toBeInTheDocument();
    expect(screen.getByText('Showing all 3 results')).toBeInTheDocument();
  });

  it('opens the navigation from the Menu button and closes it again', async () => {
    const user = userEvent.setup();
    renderApp('/shop/');
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('link', { name: 'Clothing' })).toHaveAttribute('href', '/product-category/clothing/');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('shop listing', () => {
  it('shows the result count, the sort and twelve cards', async () => {
    renderApp('/shop/');
    expect(await screen.findByText('Showing 1–12 of 17 results')).toBeInTheDocument();
    const sort = screen.getByRole('combobox', { name: 'Shop order' });
    expect(within(sort).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Default sorting',
      'Sort by popularity',
      'Sort by average rating',
      'Sort by latest',
      'Sort by price: low to high',
      'Sort by price: high to low',
    ]);
    expect(sort).toHaveValue('menu_order');
    expect(screen.getAllByTestId('product-card')).toHaveLength(12);
  });

  it('prints each card with its price, sale badge and button', async () => {
    renderApp('/shop/');
    const hoodie = (await screen.findAllByTestId('product-card')).find((card) => within(card).queryByRole('link', { name: 'Hoodie' }));
    expect(hoodie).toBeDefined();
    const card = within(hoodie as HTMLElement);
    expect(card.getByText('$42.00 – $45.00')).toBeInTheDocument();
    expect(card.getByText('Sale!')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Select options' })).toHaveAttribute('href', '/product/hoodie/');
    const collection = screen.getAllByTestId('product-card').find((c) => within(c).queryByRole('link', { name: 'Logo Collection' }));
    expect(within(collection as HTMLElement).getByRole('link', { name: 'View products' })).toBeInTheDocument();
  });

  it('links the pages and marks the current one', async () => {
    renderApp('/shop/');
    const pagination = await screen.findByRole('navigation', { name: 'Product pagination' });
    expect(within(pagination).getByRole('link', { name: '1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pagination).getByRole('link', { name: '2' })).toHaveAttribute('href', '/shop/page/2/');
  });

  it('loads page two on the client', async () => {
    const user = userEvent.setup();
    const { fetchPage } = renderApp('/shop/');
    const pagination = await screen.findByRole('navigation', { name: 'Product pagination' });
    await user.click(within(pagination).getByRole('link', { name: '2' }));
    expect(await screen.findByText('Showing 13–17 of 17 results')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenCalledWith('/shop/page/2/', expect.anything());
    expect(screen.getAllByTestId('product-card')).toHaveLength(5);
  });

  it('re-sorts through ?orderby= from the first page', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/shop/page/2/');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Shop order' }), 'price');
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop/'));
    expect(router.state.location.search).toBe('?orderby=price');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Shop order' })).toHaveValue('price'));
    const first = screen.getAllByTestId('product-card')[0] as HTMLElement;
    expect(within(first).getByRole('heading', { level: 2 })).toHaveTextContent('Single');
  });
});

describe('category page', () => {
  it('has a heading and the category products', async () => {
    renderApp('/product-category/clothing/hoodies/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hoodies' })).toBeInTheDocument();
    expect(screen.getByText('Showing all 3 results')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Hoodie with Pocket' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Product pagination' })).not.toBeInTheDocument();
  });
});

describe('client-side navigation', () => {
  it('opens a product from a listing and updates the title', async () => {
    const user = userEvent.setup();
    renderApp('/shop/');
    await user.click((await screen.findAllByRole('link', { name: 'Beanie' }))[0] as HTMLElement);
    expect(await screen.findByRole('heading', { level: 1, name: 'Beanie' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Beanie – Vitrine'));
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('shows a retry when the page cannot be loaded', async () => {
    const user = userEvent.setup();
    renderApp('/shop/', { fetchPage: async () => Promise.reject(new TypeError('Failed to fetch')) });
    await user.click((await screen.findAllByRole('link', { name: 'Beanie' }))[0] as HTMLElement);
    // One retry (the query default, after a second) before the error shows.
    expect(await screen.findByRole('heading', { level: 1, name: 'Sorry, something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You are probably offline.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('404 page', () => {
  it('says so and offers the shop and a search', async () => {
    renderApp('/product/no-such-thing/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to shop' })).toHaveAttribute('href', '/shop/');
    expect(screen.getByRole('searchbox', { name: 'Search the shop' })).toBeInTheDocument();
  });
});

describe('home page', () => {
  it('shows the featured products', async () => {
    renderApp('/');
    const featured = await screen.findByRole('region', { name: 'Featured products' });
    const names = within(featured)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(names).toEqual(['Awesome V-Neck T-Shirt', 'Cap', 'Sunglasses', 'Hoodie with Zipper']);
  });
});

describe('back to top', () => {
  it('appears after one window height of scrolling', async () => {
    renderApp('/shop/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: window.innerHeight + 10, configurable: true });
      fireEvent.scroll(window);
    });
    // The scroll up is animated over 1000 ms (spec §9), frame by frame.
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Back to top' }));
      vi.advanceTimersByTime(1100);
    } finally {
      vi.useRealTimers();
    }
    expect(window.scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ top: 0 }));
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
      fireEvent.scroll(window);
    });
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
  });
});

describe('product route', () => {
  it('renders a variable product with its price range and attribute pickers', async () => {
    renderApp('/product/hoodie/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hoodie' })).toBeInTheDocument();
    expect(screen.getByTestId('product-price')).toHaveTextContent('$42.00 – $45.00');
    for (const name of ['Color', 'Logo']) {
      const picker = screen.queryByRole('combobox', { name }) ?? screen.queryByRole('radiogroup', { name });
      expect(picker).toBeInTheDocument();
    }
  });

  it('starts each product fresh when navigating between products', async () => {
    const user = userEvent.setup();
    renderApp('/product/hoodie/');
    const related = await screen.findByRole('region', { name: 'Related products' });
    await user.click(within(related).getAllByRole('link', { name: 'Hoodie with Logo' })[0] as HTMLElement);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hoodie with Logo' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(1);
    expect(screen.getByTestId('product-price')).toHaveTextContent('$45.00');
  });
});
