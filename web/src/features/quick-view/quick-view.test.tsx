import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RouterProvider } from '@/lib/router';
import { createMemoryRouter } from '@/lib/router/testing';
import { POPUP_REMOVAL_DELAY_MS } from '@/components/modal-dialog';
import { ProductCardActionProvider, type ProductCardAction } from '@/components/product-card';
import { ProductGrid } from '@/components/product-grid';
import { ApiError } from '@/lib/api/client';
import { listedRows, sampleProduct, summary } from '@/lib/api/fixtures/sample-catalogue';
import type { ProductView } from '@/lib/api/types';
import { QuickViewScope } from './quick-view-scope';

const products = listedRows().map(summary);

/** The listing's ajax "Add to cart" stands in for the cart's: simple products only. */
const cardAction: ProductCardAction = (product, describedBy) =>
  product.add_to_cart.ajax ? (
    <button type="button" aria-describedby={describedBy} onClick={() => added(product.id)}>
      Add to cart
    </button>
  ) : undefined;
const added = vi.fn<(id: number) => void>();

function byId(id: number): ProductView {
  const row = listedRows().find((r) => r.id === id);
  const view = row && sampleProduct(summary(row).slug);
  if (!view) throw new Error(`no product ${id}`);
  return view;
}

function renderListing(loadProduct = vi.fn(async (id: number) => byId(id))) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui: ReactNode = (
    <ProductCardActionProvider value={cardAction}>
      <QuickViewScope loadProduct={loadProduct}>
        <ProductGrid products={products} columns={3} />
      </QuickViewScope>
    </ProductCardActionProvider>
  );
  const router = createMemoryRouter(['/shop/']);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router}>{ui}</RouterProvider>
    </QueryClientProvider>,
  );
  return { loadProduct, router };
}

const quickViewButton = (name: string) => screen.getByRole('button', { name: `Quick view ${name}` });

afterEach(() => {
  vi.useRealTimers();
  added.mockClear();
});

describe('quick view', () => {
  it('puts a "Quick view {name}" button on every card', () => {
    renderListing();
    for (const product of products) expect(quickViewButton(product.name)).toBeInTheDocument();
  });

  it('opens a dialog named by the product with its image, price, description, stock and page link', async () => {
    const user = userEvent.setup();
    const { loadProduct } = renderListing();
    await user.click(quickViewButton('Beanie'));
    const dialog = screen.getByRole('dialog', { name: 'Beanie' });
    expect(within(dialog).getByRole('img', { name: 'Beanie' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('$18.00');
    expect(dialog).toHaveTextContent('This is a simple product.');
    expect(dialog).toHaveTextContent('In stock');
    expect(within(dialog).getByRole('link', { name: 'View full details' })).toHaveAttribute('href', '/product/beanie/');
    expect(loadProduct).toHaveBeenCalledWith(48, expect.anything());
    expect(await within(dialog).findByText('SKU: woo-beanie')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('offers the listing’s "Add to cart" for a simple product', async () => {
    const user = userEvent.setup();
    renderListing();
    await user.click(quickViewButton('Beanie'));
    await user.click(within(screen.getByRole('dialog', { name: 'Beanie' })).getByRole('button', { name: 'Add to cart' }));
    expect(added).toHaveBeenCalledWith(48);
  });

  it('sends a variable product to its page to choose options, listing them once loaded', async () => {
    const user = userEvent.setup();
    renderListing();
    await user.click(quickViewButton('Hoodie'));
    const dialog = screen.getByRole('dialog', { name: 'Hoodie' });
    expect(within(dialog).queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Select options' })).toHaveAttribute('href', '/product/hoodie/');
    expect(await within(dialog).findByText('Blue, Green, Red')).toBeInTheDocument();
  });

  it('closes on Escape and on Close, handing focus back to the card’s button', async () => {
    const user = userEvent.setup();
    renderListing();
    const opener = quickViewButton('Cap');
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(opener).toHaveFocus();
    await user.click(opener);
    await user.click(within(screen.getByRole('dialog', { name: 'Cap' })).getByRole('button', { name: 'Close' }));
    expect(opener).toHaveFocus();
  });

  it('is removed 300 ms after closing', () => {
    vi.useFakeTimers();
    renderListing();
    fireEvent.click(quickViewButton('Cap'));
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Cap' }), { key: 'Escape' });
    act(() => vi.advanceTimersByTime(POPUP_REMOVAL_DELAY_MS - 1));
    expect(document.querySelector('.quick-view')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(document.querySelector('.quick-view')).not.toBeInTheDocument();
  });

  it('still shows what the card knows when the details cannot be loaded', async () => {
    const user = userEvent.setup();
    renderListing(vi.fn(async () => Promise.reject(new ApiError(500, { code: 'internal', message: 'Internal error' }))));
    await user.click(quickViewButton('Belt'));
    const dialog = screen.getByRole('dialog', { name: 'Belt' });
    expect(await within(dialog).findByText(/Some details could not be loaded/)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('$55.00');
    expect(within(dialog).getByRole('link', { name: 'View full details' })).toHaveAttribute('href', '/product/belt/');
  });
});
