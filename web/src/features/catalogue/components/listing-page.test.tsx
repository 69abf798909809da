import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider } from '@/lib/router';
import { createMemoryRouter } from '@/lib/router/testing';
import { vi } from 'vitest';
import { renderWithRouter } from '@/components/testing/render-with-router';
import { samplePage } from '@/lib/api/fixtures/pages';
import type { ListingPageData } from '@/lib/api/types';
import { ListingPage } from './listing-page';

function listing(path: string): ListingPageData {
  const page = samplePage(path);
  if (page.route !== 'listing') throw new Error(`${path} is not a listing`);
  return page;
}

describe('ListingPage', () => {
  it('appends the next page instead of page links when infinite scroll is on', async () => {
    const asked: string[] = [];
    const loadPage = vi.fn(async (path: string) => {
      asked.push(path);
      return samplePage(path);
    });
    renderWithRouter(<ListingPage page={listing('/shop/')} infiniteScroll={{ loadPage }} />, '/shop/');
    expect(screen.queryByRole('navigation', { name: 'Product pagination' })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(12);
    fireEvent.click(screen.getByRole('button', { name: 'Load more products' }));
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(17));
    expect(asked).toEqual(['/shop/page/2/']);
    expect(screen.queryByRole('button', { name: 'Load more products' })).not.toBeInTheDocument();
  });

  it('shows the heading, WooCommerce result count, sort and cards', () => {
    renderWithRouter(<ListingPage page={listing('/shop/')} />, '/shop/');
    expect(screen.getByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–12 of 17 results')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Shop order' })).toHaveValue('menu_order');
    const cards = screen.getAllByTestId('product-card');
    expect(cards).toHaveLength(12);
    expect(within(cards[0] as HTMLElement).getByRole('heading', { level: 2, name: 'Album' })).toBeInTheDocument();
  });

  it('shows the sort in effect', () => {
    renderWithRouter(<ListingPage page={listing('/shop/?orderby=price-desc')} />, '/shop/?orderby=price-desc');
    expect(screen.getByRole('combobox', { name: 'Shop order' })).toHaveValue('price-desc');
    expect(screen.getAllByRole('heading', { level: 2 })[0]).toHaveTextContent('Sunglasses');
  });

  it('uses the single-result phrase', () => {
    renderWithRouter(<ListingPage page={listing('/?s=pennant&post_type=product')} />, '/?s=pennant&post_type=product');
    expect(screen.getByRole('heading', { level: 1, name: 'Search results: “pennant”' })).toBeInTheDocument();
    expect(screen.getByText('Showing the single result')).toBeInTheDocument();
  });

  it('says when nothing matched and offers a search', () => {
    renderWithRouter(<ListingPage page={listing('/?s=zeppelin&post_type=product')} />, '/?s=zeppelin&post_type=product');
    expect(screen.getByText('No products were found matching your selection.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search the shop' })).toHaveValue('zeppelin');
    expect(screen.queryByRole('combobox', { name: 'Shop order' })).not.toBeInTheDocument();
  });

  it('links the subcategories of a category', () => {
    renderWithRouter(<ListingPage page={listing('/product-category/clothing/')} />, '/product-category/clothing/');
    const browse = screen.getByRole('navigation', { name: 'Browse categories' });
    expect(within(browse).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([
      '/product-category/clothing/tshirts/',
      '/product-category/clothing/hoodies/',
      '/product-category/clothing/accessories/',
    ]);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByText('Clothing')).toHaveAttribute('aria-current', 'page');
  });
});

describe('FilterPanel', () => {
  it('offers the price filter with the search and order kept', () => {
    const path = '/?s=hoo&post_type=product&orderby=price&min_price=10';
    renderWithRouter(<ListingPage page={listing('/?s=hoo&post_type=product')} />, path);
    const form = screen.getByRole('form', { name: 'Filter by price' });
    expect(within(form).getByRole('spinbutton', { name: 'Min price' })).toHaveValue(10);
    expect(within(form).getByRole('spinbutton', { name: 'Max price' })).toHaveValue(null);
    const hidden = [...form.querySelectorAll('input[type=hidden]')].map((i) => `${i.getAttribute('name')}=${i.getAttribute('value')}`);
    expect(hidden).toEqual(['s=hoo', 'post_type=product', 'orderby=price']);
  });

  it('lists colour and size terms with counts on the shop and ticks one from page one', async () => {
    const { router } = renderWithRouter(<ListingPage page={listing('/shop/page/2/?orderby=price')} />, '/shop/page/2/?orderby=price');
    const region = screen.getByRole('region', { name: 'Filter products' });
    const colours = within(region).getByRole('group', { name: 'Filter by Color' });
    expect(within(colours).getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual([
      'Blue (4)',
      'Gray (2)',
      'Green (3)',
      'Red (4)',
      'Yellow (1)',
    ]);
    expect(within(region).getByRole('group', { name: 'Filter by Size' })).toBeInTheDocument();
    fireEvent.click(within(colours).getByRole('checkbox', { name: 'Blue (4)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?orderby=price&filter_color=blue'));
    expect(router.state.location.pathname).toBe('/shop/');
  });

  it('keeps a ticked box ticked while the filtered page loads, and two quick ticks both count', async () => {
    let release: (value: null) => void = () => undefined;
    const held = new Promise<null>((resolve) => {
      release = resolve;
    });
    let loads = 0;
    const router = createMemoryRouter(['/shop/'], { load: () => (loads++ === 0 ? Promise.resolve(null) : held) });
    render(
      <RouterProvider router={router}>
        <ListingPage page={listing('/shop/')} />
      </RouterProvider>,
    );
    const blue = await screen.findByRole('checkbox', { name: 'Blue (4)' });
    fireEvent.click(blue);
    // The next page is still loading: the box says what was asked for.
    expect(router.state.navigation.state).toBe('loading');
    expect(blue).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Red (4)' }));
    expect(blue).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Red (4)' })).toBeChecked();
    release(null);
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(new URLSearchParams(router.state.location.search).get('filter_color')).toBe('blue,red');
  });

  it('shows a chosen term ticked, narrows the page and offers to clear', () => {
    const path = '/shop/?filter_color=blue';
    renderWithRouter(<ListingPage page={listing(path)} />, path);
    expect(screen.getByRole('checkbox', { name: 'Blue (4)' })).toBeChecked();
    expect(screen.getByText('Showing all 4 results')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/shop/');
  });

  it('folds behind a Filter button that says whether it is open', () => {
    renderWithRouter(<ListingPage page={listing('/shop/')} />, '/shop/');
    const toggle = screen.getByRole('button', { name: 'Filter' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toHaveAttribute('data-open', 'true');
  });
});
