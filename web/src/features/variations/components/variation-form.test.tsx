//! Component tests: pickers, reset and live display.

import { act, screen, within } from '@testing-library/react';
import { formData, variation } from '../fixtures/build';
import { BASE_PRICE, renderForm } from '../fixtures/render';
import { COLOR, hoodie, hoodieVariations, LOGO, vneck } from '../fixtures/samples';

const radio = (group: string, name: string) =>
  within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name });

describe('VariationForm: pickers and reset', () => {
  beforeEach(() => window.history.replaceState(null, '', '/product/hoodie/'));

  it('renders a radio group per swatch attribute, named by the label, each radio by its value', () => {
    const { onVariationChange, onImageChange, onPriceHtmlChange } = renderForm(hoodie());
    expect(onVariationChange).not.toHaveBeenCalled();
    expect(onImageChange).not.toHaveBeenCalled();
    expect(onPriceHtmlChange).not.toHaveBeenCalled();
    const color = screen.getByRole('radiogroup', { name: 'Color' });
    expect(within(color).getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(['Blue', 'Green', 'Red']);
    expect(screen.getByRole('radiogroup', { name: 'Logo' })).toBeInTheDocument();
  });

  it('renders a select named by the label with "Choose an option" for plain attributes', () => {
    renderForm(vneck());
    const size = screen.getByRole('combobox', { name: 'Size' });
    expect(within(size).getByRole('option', { name: 'Choose an option' })).toHaveValue('');
    expect(within(size).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose an option',
      'Large',
      'Medium',
      'Small',
    ]);
  });

  it('shows "Clear" only once something is chosen, and Clear empties every choice', async () => {
    const { user } = renderForm(hoodie());
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
    await user.click(radio('Color', 'Blue'));
    await user.click(radio('Logo', 'Yes'));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getAllByRole('radio', { checked: false })).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });

  it('Clear from the keyboard moves focus to the first picker, as the link itself disappears', async () => {
    const { user } = renderForm(hoodie());
    await user.click(radio('Color', 'Blue'));
    act(() => screen.getByRole('button', { name: 'Clear' }).focus());
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
    expect(radio('Color', 'Blue')).toHaveFocus();
    expect(radio('Color', 'Blue')).toHaveAttribute('aria-checked', 'false');
  });

  it('choosing Logo=Yes disables Red and Green', async () => {
    const { user } = renderForm(hoodie());
    await user.click(radio('Logo', 'Yes'));
    expect(radio('Color', 'Red')).toHaveAttribute('aria-disabled', 'true');
    expect(radio('Color', 'Green')).toHaveAttribute('aria-disabled', 'true');
    expect(radio('Color', 'Blue')).not.toHaveAttribute('aria-disabled');
  });

  it('options matching no variation are disabled in a select too', async () => {
    const { user } = renderForm(hoodie({ attributes: hoodie().attributes.map((a) => ({ ...a, swatch: 'select' })) }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Logo' }), 'Yes');
    expect(screen.getByRole('option', { name: 'Red' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Blue' })).toBeEnabled();
  });

  it('every V-Neck size can be chosen with any colour and matches that colour', async () => {
    const { user, onVariationChange } = renderForm(vneck());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Color' }), 'Green');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'Small');
    expect(onVariationChange).toHaveBeenLastCalledWith(expect.objectContaining({ variation_id: 77 }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'Large');
    expect(screen.getByTestId('variation-price')).toHaveTextContent('$20.00');
  });

  it('restores default attributes on load without a notice', () => {
    renderForm(hoodie({ default_attributes: { [COLOR]: 'Blue', [LOGO]: 'No' } }));
    expect(radio('Color', 'Blue')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('variation-sku')).toHaveTextContent('woo-hoodie-blue');
  });
});

describe('VariationForm: live display', () => {
  beforeEach(() => window.history.replaceState(null, '', '/product/hoodie/'));

  it('Blue + Yes shows the variation: price, stock, SKU, weight, dimensions, description', async () => {
    const data = hoodie();
    data.product_variations = hoodieVariations.map((v) =>
      v.variation_id === 90 ? { ...v, variation_description: '<p>With a logo.</p>', variation_stock_left: 3 } : v,
    );
    const { user, onVariationChange, onPriceHtmlChange } = renderForm(data);
    await user.click(radio('Color', 'Blue'));
    await user.click(radio('Logo', 'Yes'));
    expect(screen.getByTestId('variation-price')).toHaveTextContent('$45.00');
    expect(screen.getByTestId('product-stock')).toHaveTextContent('Only 3 left in stock');
    expect(screen.getByTestId('variation-sku')).toHaveTextContent('woo-hoodie-blue-logo');
    expect(screen.getByTestId('variation-weight')).toHaveTextContent('1.5 lbs');
    expect(screen.getByTestId('variation-dimensions')).toHaveTextContent('10 × 8 × 3 in');
    expect(screen.getByText('With a logo.')).toBeInTheDocument();
    expect(onVariationChange).toHaveBeenLastCalledWith(expect.objectContaining({ variation_id: 90 }));
    expect(onPriceHtmlChange).toHaveBeenLastCalledWith(expect.stringContaining('$45.00'));
  });

  it('fewer than all chosen resets the display and restores the base price', async () => {
    const { user, onVariationChange, onPriceHtmlChange } = renderForm(hoodie());
    await user.click(radio('Color', 'Red'));
    await user.click(radio('Logo', 'No'));
    expect(screen.getByTestId('variation-price')).toHaveTextContent('$42.00');
    await user.click(radio('Logo', 'No'));
    expect(screen.queryByTestId('variation-price')).not.toBeInTheDocument();
    expect(onVariationChange).toHaveBeenLastCalledWith(null);
    expect(onPriceHtmlChange).toHaveBeenLastCalledWith(BASE_PRICE);
  });

  it("shows the variation's image and restores the original on reset", async () => {
    const { user, onImageChange } = renderForm(hoodie({ preview_attribute: LOGO }));
    await user.click(radio('Color', 'Green'));
    await user.click(radio('Logo', 'No'));
    expect(onImageChange).toHaveBeenLastCalledWith(expect.objectContaining({ src: '/media/hoodie-green-1.jpg' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onImageChange).toHaveBeenLastCalledWith(null);
  });

  it('a variation that is not visible shows the unavailable text instead of a price', async () => {
    const attrs = hoodie().attributes;
    const data = formData(45, attrs, [variation(1, { [COLOR]: 'Blue', [LOGO]: 'Yes' }, { variation_is_visible: false })]);
    const { user } = renderForm(data);
    await user.click(radio('Color', 'Blue'));
    await user.click(radio('Logo', 'Yes'));
    expect(screen.getByText('Sorry, this product is unavailable. Please choose a different combination.')).toBeInTheDocument();
    expect(screen.queryByTestId('variation-price')).not.toBeInTheDocument();
  });

  it('out of stock is stated for an out-of-stock variation', async () => {
    const data = formData(45, hoodie().attributes, hoodieVariations.map((v) => ({ ...v, is_in_stock: false })));
    const { user } = renderForm(data);
    await user.click(radio('Color', 'Red'));
    await user.click(radio('Logo', 'No'));
    expect(screen.getByTestId('product-stock')).toHaveTextContent('Out of stock');
  });

  it('no notice shows while choosing in preloaded mode, since impossible options are disabled', async () => {
    const { user } = renderForm(hoodie());
    await user.click(radio('Color', 'Red'));
    expect(radio('Logo', 'Yes')).toHaveAttribute('aria-disabled', 'true');
    await user.click(radio('Logo', 'Yes'));
    expect(radio('Logo', 'Yes')).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the details area opens (slides) on a match, closes on reset, and announces politely', async () => {
    const { user, container } = renderForm(hoodie());
    const details = container.querySelector('.vt-single-variation');
    expect(details).toHaveAttribute('aria-live', 'polite');
    expect(details).not.toHaveClass('is-open');
    await user.click(radio('Color', 'Blue'));
    await user.click(radio('Logo', 'No'));
    expect(details).toHaveClass('is-open');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(details).not.toHaveClass('is-open');
  });
});
