import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '@/components/testing/render-with-router';
import { sampleProduct } from '@/lib/api/fixtures/sample-catalogue';
import type { ProductView } from '@/lib/api/types';
import type { AddToCartHandler, VariationFormProps } from '../types';
import { ProductPage } from './product-page';

/** The add's second argument: the submit button as it was clicked (tracking's disabled-class rule). */
const asClicked = expect.any(HTMLButtonElement);

/** Stands in for the variations feature's form: reports a fixed choice through the props. */
function StubVariationForm({ data, onVariationChange, onImageChange, onAddToCart }: VariationFormProps) {
  const red = data.product_variations?.find((v) => v.attributes.attribute_color === 'Red');
  return (
    <div>
      <button
        type="button"
        onClick={() => {
          onVariationChange?.(red ?? null);
          onImageChange?.(red?.image ?? null);
        }}
      >
        Choose red
      </button>
      <button
        type="button"
        onClick={() => {
          onVariationChange?.(null);
          onImageChange?.(null);
        }}
      >
        Reset
      </button>
      <button type="button" onClick={(event) => void onAddToCart?.({ variationId: 79, quantity: 2, attributes: { attribute_color: 'Red', attribute_logo: 'No' } }, event.currentTarget)}>
        Add red
      </button>
    </div>
  );
}

function product(slug: string): ProductView {
  const view = sampleProduct(slug);
  if (!view) throw new Error(`no fixture for ${slug}`);
  return view;
}

function renderProduct(slug: string, onAddToCart?: AddToCartHandler, path = `/product/${slug}/`) {
  return renderWithRouter(
    <ProductPage product={product(slug)} columns={3} VariationForm={StubVariationForm} onAddToCart={onAddToCart} />,
    path,
  );
}

describe('simple product', () => {
  it('shows name, price, stock, SKU and a quantity form', async () => {
    renderProduct('t-shirt');
    expect(await screen.findByRole('heading', { level: 1, name: 'T-Shirt' })).toBeInTheDocument();
    expect(screen.getByTestId('product-price')).toHaveTextContent('$18.00');
    expect(screen.getByTestId('product-stock')).toHaveTextContent('In stock');
    expect(screen.getByTestId('product-sku')).toHaveTextContent('woo-tshirt');
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(1);
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
    const categoryLink = screen.getAllByRole('link', { name: 'Tshirts' }).find((link) => link.getAttribute('rel') === 'tag');
    expect(categoryLink).toHaveAttribute('href', '/product-category/clothing/tshirts/');
  });

  it('submits the chosen quantity to the add-to-cart handler', async () => {
    const user = userEvent.setup();
    const onAddToCart = vi.fn<AddToCartHandler>();
    renderProduct('t-shirt', onAddToCart);
    await user.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(onAddToCart).toHaveBeenCalledWith({ kind: 'simple', productId: 47, quantity: 2 }, asClicked);
  });

  it('never drops a click while adding: every submit reaches the handler, in order', async () => {
    const user = userEvent.setup();
    const pending: Array<() => void> = [];
    const onAddToCart = vi.fn<AddToCartHandler>(() => new Promise<void>((resolve) => pending.push(resolve)));
    renderProduct('t-shirt', onAddToCart);
    const button = await screen.findByRole('button', { name: 'Add to cart' });
    expect(button).toHaveAttribute('data-state', 'normal');
    for (let i = 0; i < 5; i += 1) await user.click(button);
    expect(onAddToCart).toHaveBeenCalledTimes(5);
    expect(button).toHaveClass('loading');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeEnabled();
    pending.splice(0, 4).forEach((resolve) => resolve());
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(button).toHaveClass('loading');
    pending[0]?.();
    await waitFor(() => expect(button).toHaveClass('added'));
    expect(button).not.toHaveClass('loading');
    expect(button).not.toHaveAttribute('aria-busy');
  });

  it('renders the page’s slot right after the add button', async () => {
    renderWithRouter(
      <ProductPage product={product('t-shirt')} columns={3} VariationForm={StubVariationForm} afterAddToCart={<a href="/cart/">View cart</a>} />,
      '/product/t-shirt/',
    );
    const button = await screen.findByRole('button', { name: 'Add to cart' });
    expect(button.nextElementSibling).toBe(screen.getByRole('link', { name: 'View cart' }));
  });

  it('shows a failed add as an alert', async () => {
    const user = userEvent.setup();
    renderProduct('t-shirt', () => Promise.reject(new Error('Sorry, this product cannot be purchased.')));
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, this product cannot be purchased.');
  });

  it('strikes through the old price of a product on sale', async () => {
    renderProduct('beanie');
    const price = await screen.findByTestId('product-price');
    expect(within(price).getByText('$20.00', { selector: 'del, del *', exact: false })).toBeInTheDocument();
    expect(price.querySelector('del')).toHaveTextContent('$20.00');
    expect(price.querySelector('ins')).toHaveTextContent('$18.00');
    expect(screen.getAllByText('Sale!').length).toBeGreaterThan(0);
  });
});

describe('variable product', () => {
  it('shows the price range and hands the variations form its data', async () => {
    renderProduct('hoodie');
    expect(await screen.findByTestId('product-price')).toHaveTextContent('$42.00 – $45.00');
    expect(screen.getByRole('button', { name: 'Choose red' })).toBeInTheDocument();
    // Stock is shown per variation by the variations form, not by the page.
    expect(screen.queryByTestId('product-stock')).not.toBeInTheDocument();
  });

  it('shows the chosen variation’s price, SKU and image, and restores them on reset', async () => {
    const user = userEvent.setup();
    renderProduct('hoodie');
    await user.click(await screen.findByRole('button', { name: 'Choose red' }));
    expect(screen.getByTestId('product-price').querySelector('ins')).toHaveTextContent('$42.00');
    expect(screen.getByTestId('product-sku')).toHaveTextContent('woo-hoodie-red');
    expect(screen.getByRole('img', { name: 'Hoodie – Red' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByTestId('product-price')).toHaveTextContent('$42.00 – $45.00');
    expect(screen.getByTestId('product-sku')).toHaveTextContent('woo-hoodie');
    expect(screen.getByRole('img', { name: 'Hoodie' })).toBeInTheDocument();
  });

  it('passes the variation add-to-cart on with the product id', async () => {
    const user = userEvent.setup();
    const onAddToCart = vi.fn<AddToCartHandler>();
    renderProduct('hoodie', onAddToCart);
    await user.click(await screen.findByRole('button', { name: 'Add red' }));
    expect(onAddToCart).toHaveBeenCalledWith({
      kind: 'variation',
      productId: 45,
      variationId: 79,
      quantity: 2,
      attributes: { attribute_color: 'Red', attribute_logo: 'No' },
    }, asClicked);
  });
});

describe('grouped product', () => {
  it('lists a quantity for each child', async () => {
    renderProduct('logo-collection');
    for (const child of ['Hoodie with Logo', 'T-Shirt', 'Beanie']) {
      expect(await screen.findByRole('spinbutton', { name: `Quantity for ${child}` })).toHaveValue(0);
      expect(screen.getByRole('link', { name: child })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('spinbutton', { name: /^Quantity for / })).toHaveLength(3);
    expect(screen.getByTestId('product-price')).toHaveTextContent('$18.00 – $45.00');
  });

  it('asks for a quantity before adding nothing', async () => {
    const user = userEvent.setup();
    const onAddToCart = vi.fn<AddToCartHandler>();
    renderProduct('logo-collection', onAddToCart);
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose the quantity of items you wish to add to your cart');
    expect(onAddToCart).not.toHaveBeenCalled();
  });

  it('adds the children with a quantity', async () => {
    const user = userEvent.setup();
    const onAddToCart = vi.fn<AddToCartHandler>();
    renderProduct('logo-collection', onAddToCart);
    const tshirt = await screen.findByRole('spinbutton', { name: 'Quantity for T-Shirt' });
    await user.clear(tshirt);
    await user.type(tshirt, '2');
    await user.click(screen.getByRole('button', { name: 'Increase quantity for Beanie' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(onAddToCart).toHaveBeenCalledWith({
      kind: 'grouped',
      productId: 87,
      items: [
        { productId: 47, quantity: 2 },
        { productId: 48, quantity: 1 },
      ],
    }, asClicked);
  });
});

describe('external product', () => {
  it('links out with its button text instead of adding to the cart', async () => {
    renderProduct('wordpress-pennant');
    const link = await screen.findByRole('link', { name: 'Buy on the WordPress swag store!' });
    expect(link).toHaveAttribute('href', 'https://mercantile.wordpress.org/product/wordpress-pennant/');
    expect(link.getAttribute('rel')?.split(' ')).toEqual(expect.arrayContaining(['nofollow', 'noopener']));
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });
});

describe('bundle', () => {
  it('lists the bundled items with quantities, prices and the total', async () => {
    const user = userEvent.setup();
    const onAddToCart = vi.fn<AddToCartHandler>();
    renderProduct('winter-bundle', onAddToCart);
    const items = (await screen.findByRole('heading', { name: 'In this bundle' })).nextElementSibling as HTMLElement;
    const rows = within(items).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Beanie× Quantity: 1$18.00', 'Hoodie with Logo× Quantity: 1$45.00']);
    expect(screen.getByTestId('bundle-total')).toHaveTextContent('$63.00');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(onAddToCart).toHaveBeenCalledWith({ kind: 'bundle', productId: 200, quantity: 1 }, asClicked);
  });
});

describe('gallery', () => {
  it('switches the main image from the thumbnails', async () => {
    const user = userEvent.setup();
    renderProduct('hoodie');
    const thumbs = await screen.findByRole('list', { name: 'Product images' });
    const buttons = within(thumbs).getAllByRole('button');
    expect(buttons).toHaveLength(4);
    expect(buttons[0]).toHaveAttribute('aria-pressed', 'true');
    const before = screen.getByRole('img', { name: 'Hoodie' }).getAttribute('src');
    await user.click(screen.getByRole('button', { name: /^Show image 3 of 4/ }));
    expect(buttons[2]).toHaveAttribute('aria-pressed', 'true');
    expect(buttons[0]).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('img', { name: 'Hoodie – Green' }).getAttribute('src')).not.toBe(before);
    expect(screen.queryByRole('img', { name: 'Hoodie' })).not.toBeInTheDocument();
  });
});

describe('related products', () => {
  it('lists products from the same category', async () => {
    renderProduct('hoodie');
    const related = await screen.findByRole('region', { name: 'Related products' });
    expect(within(related).getAllByTestId('product-card').length).toBeGreaterThan(0);
    expect(within(related).queryByRole('link', { name: 'Hoodie' })).not.toBeInTheDocument();
  });
});
