import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeCartServer } from '@/features/cart/test/fake-server';
import { BEANIE } from '@/features/cart/test/fixtures';
import { renderApp } from './testing';

// ADR 0040: the frame is the server's HTML; React's root is <main>, the header's parts islands.
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the islands', () => {
  it('replace the server’s parts in place: one search box, one cart link, one account control, one category bar', async () => {
    renderApp('/shop/', { cartServer: new FakeCartServer([BEANIE], [[BEANIE, 2]]) });
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(within(header).getAllByRole('link', { name: /^Cart, / })).toHaveLength(1);
    expect(within(header).getByRole('combobox', { name: 'Search products' })).toHaveAttribute('id', 'site-search');
    expect(within(header).queryByRole('searchbox')).not.toBeInTheDocument();
    expect(within(header).getAllByRole('navigation', { name: 'Main' })).toHaveLength(1);
    expect(within(header).getByRole('button', { name: 'Menu' })).not.toHaveAttribute('inert');
    expect(within(header).getByRole('button', { name: 'Login' })).not.toHaveAttribute('inert');
    // The page is React's, inside the server's <main>; the frame around it is the server's.
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1, name: 'Shop' }));
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getAllByRole('contentinfo')).toHaveLength(1);
    expect(document.documentElement.dataset.app).toBe('started');
  });

  it('keep what was typed into the server’s search field, with focus and caret', async () => {
    // Typed before the app started: the server's field holds it when the app mounts.
    const { router } = renderAppTyping('hood');
    const box = await screen.findByRole('combobox', { name: 'Search products' });
    expect(box).toHaveValue('hood');
    expect(box).toHaveFocus();
    expect((box as HTMLInputElement).selectionStart).toBe(4);
    expect(router.state.location.pathname).toBe('/shop/');
  });
});

/** The app started while the shopper had typed `text` into the server's search field. */
function renderAppTyping(text: string) {
  return renderApp('/shop/', {
    beforeMount: () => {
      const field = document.getElementById('site-search') as HTMLInputElement;
      field.value = text;
      field.focus();
      field.setSelectionRange(text.length, text.length);
    },
  });
}

describe('header state after client-side navigation', () => {
  it('moves the category bar’s current link with the page', async () => {
    const user = userEvent.setup();
    renderApp('/shop/');
    const bar = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(within(bar).getByRole('link', { name: 'Shop' })).toHaveAttribute('aria-current', 'page'));
    await user.click(within(bar).getAllByRole('link', { name: /Clothing/ })[0] as HTMLElement);
    expect(await screen.findByRole('heading', { level: 1, name: 'Clothing' })).toBeInTheDocument();
    const after = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Main' });
    expect(within(after).getByRole('link', { name: 'Shop' })).not.toHaveAttribute('aria-current');
    expect(within(after).getAllByRole('link', { name: /Clothing/ })[0]).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('keeps the cart count and the header across pages; the brand (a frame link) navigates in the page', async () => {
    const user = userEvent.setup();
    const { router, fetchPage } = renderApp('/shop/', { cartServer: new FakeCartServer([BEANIE], [[BEANIE, 1]]) });
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    await user.click((await screen.findAllByRole('link', { name: 'Beanie' }))[0] as HTMLElement);
    expect(await screen.findByRole('heading', { level: 1, name: 'Beanie' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBe(header);
    expect(within(header).getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    // The brand is the server's link: a plain click goes through the router, no reload.
    await user.click(within(header).getByRole('link', { name: /Vitrine/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetchPage).toHaveBeenCalledWith('/', expect.anything());
    expect(screen.getByRole('banner')).toBe(header);
  });

  it('shows the new query in the search box after a search, and the progress bar while loading', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/shop/');
    const progress = document.querySelector('.route-progress') as HTMLElement;
    await user.type(await screen.findByRole('combobox', { name: 'Search products' }), 'hoodie{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?s=hoodie&post_type=product'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Search results: “hoodie”' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search products' })).toHaveValue('hoodie');
    expect(progress).toHaveAttribute('data-active', 'false');
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
  });
});

describe('the footer', () => {
  it('folds its lists into accordions on small screens', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: query.includes('max-width: 549px'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList,
    );
    renderApp('/shop/');
    const footer = screen.getByRole('contentinfo');
    const shop = await within(footer).findByRole('button', { name: 'Shop' });
    expect(shop).toHaveAttribute('aria-expanded', 'false');
    expect(within(footer).queryByRole('link', { name: 'All products' })).not.toBeInTheDocument();
    act(() => fireEvent.click(shop));
    expect(shop).toHaveAttribute('aria-expanded', 'true');
    expect(within(footer).getByRole('link', { name: 'All products' })).toBeInTheDocument();
  });
});
