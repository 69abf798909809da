//! Component tests: add-to-cart states, alerts and quantity.

import { act, screen, within } from '@testing-library/react';
import type { MockInstance } from 'vitest';
import type { Variation } from '@/lib/api/types';
import { formData } from '../fixtures/build';
import { renderForm } from '../fixtures/render';
import { COLOR, hoodie, hoodieVariations, LOGO } from '../fixtures/samples';

/** The add's second argument: the submit button as it was clicked (tracking's disabled-class rule). */
const asClicked = expect.any(HTMLButtonElement);

const radio = (group: string, name: string) =>
  within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name });
const addButton = () => screen.getByRole('button', { name: 'Add to cart' });

function hoodieWith(change: (v: Variation) => Partial<Variation>) {
  return formData(45, hoodie().attributes, hoodieVariations.map((v) => ({ ...v, ...change(v) })));
}

describe('VariationForm: add to cart', () => {
  let alertSpy: MockInstance<typeof window.alert>;
  beforeEach(() => {
    window.history.replaceState(null, '', '/product/hoodie/');
    alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  });
  afterEach(() => alertSpy.mockRestore());

  it('needs a selection: aria-disabled, and a click alerts the make-a-selection text', async () => {
    const { user, onAddToCart } = renderForm(hoodie());
    expect(addButton()).toHaveAttribute('aria-disabled', 'true');
    expect(addButton()).toHaveClass('disabled');
    await user.click(addButton());
    expect(alertSpy).toHaveBeenCalledWith('Please select some product options before adding this product to your cart.');
    expect(onAddToCart).not.toHaveBeenCalled();
  });

  it('is unavailable for an out-of-stock variation and a click alerts the unavailable text', async () => {
    const { user, onAddToCart } = renderForm(hoodieWith(() => ({ is_in_stock: false })));
    await user.click(radio('Color', 'Red'));
    await user.click(radio('Logo', 'No'));
    expect(addButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(addButton());
    expect(alertSpy).toHaveBeenCalledWith('Sorry, this product is unavailable. Please choose a different combination.');
    expect(onAddToCart).not.toHaveBeenCalled();
  });

  it('is unavailable for a variation that is not purchasable', async () => {
    const { user } = renderForm(hoodieWith(() => ({ is_purchasable: false })));
    await user.click(radio('Color', 'Red'));
    await user.click(radio('Logo', 'No'));
    expect(addButton()).toHaveClass('wc-variation-is-unavailable');
  });

  it('is enabled for a purchasable, in-stock, visible variation and adds it with the quantity', async () => {
    const { user, onAddToCart } = renderForm(hoodie());
    await user.click(radio('Color', 'Blue'));
    await user.click(radio('Logo', 'Yes'));
    expect(addButton()).not.toHaveAttribute('aria-disabled');
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(addButton());
    expect(alertSpy).not.toHaveBeenCalled();
    expect(onAddToCart).toHaveBeenCalledWith({
      variationId: 90,
      attributes: { [COLOR]: 'Blue', [LOGO]: 'Yes' },
      quantity: 2,
    }, asClicked);
    expect(addButton()).toHaveClass('added');
  });

  it('pressing Enter in the quantity field submits like the button', async () => {
    const { user, onAddToCart } = renderForm(hoodie());
    await user.type(screen.getByRole('spinbutton', { name: 'Quantity' }), '{Enter}');
    expect(alertSpy).toHaveBeenCalledTimes(1);
    expect(onAddToCart).not.toHaveBeenCalled();
  });

  it('shows a loading state while adding and ignores repeated clicks', async () => {
    let finish: () => void = () => undefined;
    const onAddToCart = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = renderForm(hoodie(), { onAddToCart });
    await user.click(radio('Color', 'Blue'));
    await user.click(radio('Logo', 'Yes'));
    await user.click(addButton());
    expect(addButton()).toHaveClass('loading');
    await user.click(addButton());
    expect(onAddToCart).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(addButton()).not.toHaveClass('loading');
    expect(addButton()).toHaveClass('added');
  });

  it('a failed add is logged, not alerted', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onAddToCart = vi.fn(async () => Promise.reject(new Error('offline')));
    const { user } = renderForm(hoodie(), { onAddToCart });
    await user.click(radio('Color', 'Blue'));
    await user.click(radio('Logo', 'Yes'));
    await user.click(addButton());
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    expect(alertSpy).not.toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('VariationForm: quantity', () => {
  beforeEach(() => window.history.replaceState(null, '', '/product/hoodie/'));

  it('sold individually forces 1 and hides the quantity input', async () => {
    const { user, onAddToCart } = renderForm(hoodieWith(() => ({ is_sold_individually: 'yes' })));
    await user.type(screen.getByRole('spinbutton', { name: 'Quantity' }), '5');
    await user.click(radio('Color', 'Blue'));
    await user.click(radio('Logo', 'No'));
    expect(screen.queryByRole('spinbutton', { name: 'Quantity' })).not.toBeInTheDocument();
    await user.click(addButton());
    expect(onAddToCart).toHaveBeenCalledWith(expect.objectContaining({ quantity: 1 }), asClicked);
  });

  it('takes min and max from the variation and clamps the current quantity into range', async () => {
    const { user } = renderForm(hoodieWith((v) => (v.variation_id === 81 ? { min_qty: 2, max_qty: 4 } : {})));
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '9');
    await user.click(radio('Color', 'Blue'));
    await user.click(radio('Logo', 'No'));
    expect(quantity).toHaveValue(4);
    expect(quantity).toHaveAttribute('min', '2');
    expect(quantity).toHaveAttribute('max', '4');
  });

  it('raises a quantity below the minimum when the variation is shown', async () => {
    const { user } = renderForm(hoodieWith(() => ({ min_qty: 3 })));
    await user.click(radio('Color', 'Red'));
    await user.click(radio('Logo', 'No'));
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(3);
  });

  it('a typed quantity out of range is brought back into range on blur', async () => {
    const { user } = renderForm(hoodieWith(() => ({ max_qty: 5 })));
    await user.click(radio('Color', 'Red'));
    await user.click(radio('Logo', 'No'));
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '12');
    expect(quantity).toHaveValue(12);
    await user.tab();
    expect(quantity).toHaveValue(5);
  });

  it('reports each new quantity (the price follows it), and the clamp a variation brings, never the first 1', async () => {
    const onQuantityChange = vi.fn<(quantity: number) => void>();
    const { user } = renderForm(hoodieWith(() => ({ min_qty: 3 })), { onQuantityChange });
    expect(onQuantityChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(onQuantityChange).toHaveBeenLastCalledWith(2);
    await user.click(radio('Color', 'Red'));
    await user.click(radio('Logo', 'No'));
    expect(onQuantityChange).toHaveBeenLastCalledWith(3);
  });
});
