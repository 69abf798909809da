import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithRouter } from '@/components/testing/render-with-router';
import { sampleProduct } from '@/lib/api/fixtures/sample-catalogue';
import type { ProductView } from '@/lib/api/types';
import type { AddToCartHandler, VariationFormProps } from '../types';
import { ProductPage } from './product-page';

/** The add's second argument: the submit button as it was clicked (tracking's disabled-class rule). */
const asClicked = expect.any(HTMLButtonElement);

/** Records what the bar observes and lets a test say where the main button is. */
class TestIntersectionObserver {
  static last: TestIntersectionObserver | null = null;
  readonly targets: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    TestIntersectionObserver.last = this;
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

type Where = 'in view' | 'above the window' | 'below the window';

function mainButtonIs(where: Where) {
  const observer = TestIntersectionObserver.last;
  const target = observer?.targets[0];
  if (!observer || !target) throw new Error('nothing observed');
  const rect = { 'in view': { top: 300, bottom: 344 }, 'above the window': { top: -244, bottom: -200 }, 'below the window': { top: 1200, bottom: 1244 } }[where];
  const entry = { target, isIntersecting: where === 'in view', boundingClientRect: rect, rootBounds: { top: 0, bottom: 800 } };
  act(() => observer.callback([entry as unknown as IntersectionObserverEntry], observer as unknown as IntersectionObserver));
}

/** A variations form with the real one's markup contract: a select and the main button. */
function StubVariationForm({ data, onVariationChange, onAddToCart }: VariationFormProps) {
  const [chosen, setChosen] = useState(false);
  const red = data.product_variations?.find((v) => v.attributes.attribute_color === 'Red') ?? null;
  return (
    <form
      className="variations_form"
      onSubmit={(event) => {
        event.preventDefault();
        void onAddToCart?.({ variationId: red?.variation_id ?? 0, quantity: 1, attributes: { attribute_color: 'Red' } }, (event.nativeEvent as SubmitEvent).submitter ?? undefined);
      }}
    >
      <label>
        Color
        <select
          onChange={() => {
            setChosen(true);
            onVariationChange?.(red);
          }}
        >
          <option value="">Choose an option</option>
          <option value="Red">Red</option>
        </select>
      </label>
      <button type="submit" className="single_add_to_cart_button" aria-disabled={chosen ? undefined : true}>
        Add to cart
      </button>
    </form>
  );
}

function product(slug: string): ProductView {
  const view = sampleProduct(slug);
  if (!view) throw new Error(`no fixture for ${slug}`);
  return view;
}

function renderProduct(view: ProductView, onAddToCart = vi.fn<AddToCartHandler>()) {
  renderWithRouter(<ProductPage product={view} columns={3} VariationForm={StubVariationForm} onAddToCart={onAddToCart} />, `/product/${view.slug}/`);
  return { onAddToCart, bar: () => screen.queryByRole('complementary', { name: `Purchase ${view.name}` }) };
}

const scrollIntoView = vi.fn();

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
  Element.prototype.scrollIntoView = scrollIntoView;
  scrollIntoView.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  TestIntersectionObserver.last = null;
});

describe('sticky add-to-cart bar', () => {
  it('watches the summary’s own button and stays away while it is in view or not yet reached', async () => {
    const { bar } = renderProduct(product('t-shirt'));
    expect(TestIntersectionObserver.last?.targets[0]).toHaveClass('single_add_to_cart_button');
    expect(bar()).not.toBeInTheDocument();
    mainButtonIs('below the window');
    expect(bar()).not.toBeInTheDocument();
    mainButtonIs('in view');
    expect(bar()).not.toBeInTheDocument();
  });

  it('shows name, price and "Add to cart" once the button is above the window, and goes when it is back', () => {
    const { bar } = renderProduct(product('t-shirt'));
    mainButtonIs('above the window');
    const shown = bar();
    if (!shown) throw new Error('no bar');
    expect(shown).toHaveTextContent('T-Shirt');
    expect(shown).toHaveTextContent('$18.00');
    expect(within(shown).getByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
    mainButtonIs('in view');
    expect(bar()).not.toBeInTheDocument();
  });

  it('adds through the summary’s own form, with its quantity', async () => {
    const user = userEvent.setup();
    const { bar, onAddToCart } = renderProduct(product('t-shirt'));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    mainButtonIs('above the window');
    await user.click(within(bar() as HTMLElement).getByRole('button', { name: 'Add to cart' }));
    expect(onAddToCart).toHaveBeenCalledWith({ kind: 'simple', productId: 47, quantity: 2 }, asClicked);
  });

  it('takes a variable product without a choice back to its options instead of adding', async () => {
    const user = userEvent.setup();
    const { bar, onAddToCart } = renderProduct(product('hoodie'));
    mainButtonIs('above the window');
    expect(bar()).toHaveTextContent('$42.00 – $45.00');
    await user.click(within(bar() as HTMLElement).getByRole('button', { name: 'Add to cart' }));
    expect(onAddToCart).not.toHaveBeenCalled();
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'center' });
    expect(scrollIntoView.mock.contexts[0]).toHaveClass('variations_form');
    expect(screen.getByRole('combobox', { name: 'Color' })).toHaveFocus();
  });

  it('scrolls back at once, without smooth scrolling, for a shopper who asked for less motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
    const user = userEvent.setup();
    const { bar } = renderProduct(product('hoodie'));
    mainButtonIs('above the window');
    await user.click(within(bar() as HTMLElement).getByRole('button', { name: 'Add to cart' }));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'center' });
  });

  it('adds the chosen variation of a variable product, showing its price', async () => {
    const user = userEvent.setup();
    const view = product('hoodie');
    const { bar, onAddToCart } = renderProduct(view);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Color' }), 'Red');
    mainButtonIs('above the window');
    const red = view.variations_form?.product_variations?.find((v) => v.attributes.attribute_color === 'Red');
    expect(bar()).toHaveTextContent(new DOMParser().parseFromString(red?.price_html ?? '', 'text/html').body.textContent ?? '');
    await user.click(within(bar() as HTMLElement).getByRole('button', { name: 'Add to cart' }));
    expect(onAddToCart).toHaveBeenCalledWith(expect.objectContaining({ kind: 'variation', variationId: red?.variation_id }), asClicked);
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('offers an external product’s own button, linking out', () => {
    const { bar } = renderProduct(product('wordpress-pennant'));
    mainButtonIs('above the window');
    const link = within(bar() as HTMLElement).getByRole('link', { name: 'Buy on the WordPress swag store!' });
    expect(link).toHaveAttribute('href', 'https://mercantile.wordpress.org/product/wordpress-pennant/');
  });

  it('has no bar for a product that cannot be added', () => {
    const soldOut: ProductView = { ...product('t-shirt'), is_in_stock: false, stock: { status: 'out_of_stock', quantity: 0, text: 'Out of stock' } };
    renderProduct(soldOut);
    expect(TestIntersectionObserver.last).toBeNull();
    expect(screen.queryByTestId('sticky-add-to-cart')).not.toBeInTheDocument();
  });
});
