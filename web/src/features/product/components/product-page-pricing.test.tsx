import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '@/components/testing/render-with-router';
import { sampleProduct } from '@/lib/api/fixtures/sample-catalogue';
import type { ProductView } from '@/lib/api/types';
import type { BulkTableSlotProps, PriceAreaProps, VariationFormProps } from '../types';
import { ProductPage } from './product-page';

/** Reports what the product page hands to the discounts feature's price. */
function SpyPriceArea({ productId, variationId, quantity, needsVariation, children }: PriceAreaProps) {
  return (
    <div data-testid="product-price">
      <span data-testid="price-props">{JSON.stringify({ productId, variationId, quantity, needsVariation })}</span>
      {children}
    </div>
  );
}

function SpyBulkTable({ productId, variationId, needsVariation }: BulkTableSlotProps) {
  return <p data-testid="bulk-props">{JSON.stringify({ productId, variationId, needsVariation })}</p>;
}

/** Stands in for the variations form: chooses the red variation and sets a quantity. */
function StubVariationForm({ data, onVariationChange, onQuantityChange }: VariationFormProps) {
  const red = data.product_variations?.find((v) => v.attributes.attribute_color === 'Red') ?? null;
  return (
    <>
      <button type="button" onClick={() => onVariationChange?.(red)}>
        Choose red
      </button>
      <button type="button" onClick={() => onQuantityChange?.(4)}>
        Four
      </button>
    </>
  );
}

function product(slug: string): ProductView {
  const view = sampleProduct(slug);
  if (!view) throw new Error(`no fixture for ${slug}`);
  return view;
}

function renderProduct(slug: string) {
  return renderWithRouter(
    <ProductPage product={product(slug)} columns={3} VariationForm={StubVariationForm} PriceArea={SpyPriceArea} BulkTable={SpyBulkTable} />,
    `/product/${slug}/`,
  );
}

const priceProps = () => JSON.parse(screen.getByTestId('price-props').textContent ?? '{}') as Record<string, unknown>;
const bulkProps = () => JSON.parse(screen.getByTestId('bulk-props').textContent ?? '{}') as Record<string, unknown>;

describe('the product page hands its quantity and variation to the discount displays', () => {
  it('simple product: no quantity until the shopper changes it, then every value', async () => {
    const user = userEvent.setup();
    renderProduct('t-shirt');
    expect(priceProps()).toEqual({ productId: 47, variationId: null, quantity: null, needsVariation: false });
    expect(screen.getByTestId('product-price')).toHaveTextContent('$18.00');
    expect(bulkProps()).toEqual({ productId: 47, variationId: null, needsVariation: false });

    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(priceProps()).toMatchObject({ quantity: 2 });
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(priceProps()).toMatchObject({ quantity: 3 });
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(priceProps()).toMatchObject({ quantity: 2 });
  });

  it('simple product: a typed quantity is handed on as it is typed', async () => {
    const user = userEvent.setup();
    renderProduct('t-shirt');
    const field = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(field);
    await user.type(field, '6');
    expect(priceProps()).toMatchObject({ quantity: 6 });
  });

  it('variable product: the chosen variation and the form’s quantity', async () => {
    const user = userEvent.setup();
    renderProduct('hoodie');
    expect(priceProps()).toMatchObject({ variationId: null, needsVariation: true });
    await user.click(screen.getByRole('button', { name: 'Choose red' }));
    await user.click(screen.getByRole('button', { name: 'Four' }));
    const red = product('hoodie').variations_form?.product_variations?.find((v) => v.attributes.attribute_color === 'Red');
    expect(priceProps()).toMatchObject({ variationId: red?.variation_id, quantity: 4 });
    expect(bulkProps()).toEqual({ productId: 45, variationId: red?.variation_id, needsVariation: true });
  });

  it('grouped and external products have no bulk table', () => {
    renderProduct('logo-collection');
    expect(screen.queryByTestId('bulk-props')).not.toBeInTheDocument();
  });
});
