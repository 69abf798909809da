import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { summary, SAMPLE_ROWS } from '@/lib/api/fixtures/sample-catalogue';
import type { CardSwatchView, ProductSummaryView } from '@/lib/api/types';
import { renderWithRouter } from './testing/render-with-router';
import { ProductCard } from './product-card';

function hoodie(): ProductSummaryView {
  const row = SAMPLE_ROWS.find((r) => r.name === 'Hoodie');
  if (!row) throw new Error('the sample has a Hoodie');
  const base = summary(row);
  const swatch = (value: string, amount: number): CardSwatchView => ({
    attribute: 'Color',
    value,
    image: base.image && { ...base.image, src: `/media/${value.toLowerCase()}.svg`, alt: `Hoodie – ${value}` },
    price: base.price && { ...base.price, min_minor: amount, max_minor: amount, text: `$${(amount / 100).toFixed(2)}`, regular_text: null, regular_minor: null },
  });
  return { ...base, swatches: [swatch('Blue', 4500), swatch('Red', 4200)] };
}

describe('ProductCard swatches', () => {
  it('shows the chosen variation’s image and price, and the product’s again when unchosen', () => {
    const { container } = renderWithRouter(
      <ul>
        <ProductCard product={hoodie()} />
      </ul>,
    );
    const group = screen.getByRole('radiogroup', { name: 'Color of Hoodie' });
    expect(group).toBeInTheDocument();
    const red = screen.getByRole('radio', { name: 'Red' });
    const price = () => container.querySelector('.product-card__price')?.textContent;
    const before = price();
    fireEvent.click(red);
    expect(red).toHaveAttribute('aria-checked', 'true');
    expect(price()).toBe('$42.00');
    expect(container.querySelector('.product-card__image')?.getAttribute('src')).toBe('/media/red.svg');
    fireEvent.click(screen.getByRole('radio', { name: 'Blue' }));
    expect(price()).toBe('$45.00');
    fireEvent.click(screen.getByRole('radio', { name: 'Blue' }));
    expect(screen.getByRole('radio', { name: 'Blue' })).toHaveAttribute('aria-checked', 'false');
    expect(price()).toBe(before);
  });

  it('offers none on products without swatches', () => {
    renderWithRouter(
      <ul>
        <ProductCard product={{ ...hoodie(), swatches: [] }} />
      </ul>,
    );
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });
});
