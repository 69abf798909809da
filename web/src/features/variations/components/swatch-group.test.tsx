//! Component tests: swatch states and keyboard operation.

import { screen, within } from '@testing-library/react';
import { formData } from '../fixtures/build';
import { renderForm } from '../fixtures/render';
import { COLOR, hoodie, hoodieVariations } from '../fixtures/samples';

const group = (name: string) => screen.getByRole('radiogroup', { name });
const radio = (g: string, name: string) => within(group(g)).getByRole('radio', { name });

/** Hoodie where every Green variation is out of stock. */
const greenOut = (over = {}) =>
  formData(
    45,
    hoodie().attributes,
    hoodieVariations.map((v) => (v.attributes[COLOR] === 'Green' ? { ...v, is_in_stock: false } : v)),
    over,
  );

describe('SwatchGroup: states', () => {
  beforeEach(() => window.history.replaceState(null, '', '/product/hoodie/'));

  it('marks the chosen swatch selected', async () => {
    const { user } = renderForm(hoodie());
    await user.click(radio('Color', 'Red'));
    expect(radio('Color', 'Red')).toHaveAttribute('aria-checked', 'true');
    expect(radio('Color', 'Red')).toHaveClass('is-selected');
  });

  it('marks a swatch with no variation disabled and ignores clicks on it', async () => {
    const { user } = renderForm(hoodie());
    await user.click(radio('Logo', 'Yes'));
    expect(radio('Color', 'Red')).toHaveClass('is-disabled');
    await user.click(radio('Color', 'Red'));
    expect(radio('Color', 'Red')).toHaveAttribute('aria-checked', 'false');
  });

  it('marks out-of-stock values no-stock, described as out of stock, and clickable when allowed', async () => {
    const { user } = renderForm(greenOut({ clickable_out_of_stock: true }));
    const green = radio('Color', 'Green');
    expect(green).toHaveClass('is-no-stock');
    expect(green).toHaveAccessibleDescription('Out of stock');
    expect(green).not.toHaveAttribute('aria-disabled');
    await user.click(green);
    expect(green).toHaveAttribute('aria-checked', 'true');
  });

  it('out-of-stock values are not clickable when clickable-out-of-stock is off', async () => {
    const { user } = renderForm(greenOut({ clickable_out_of_stock: false }));
    const green = radio('Color', 'Green');
    expect(green).toHaveAttribute('aria-disabled', 'true');
    await user.click(green);
    expect(green).toHaveAttribute('aria-checked', 'false');
  });

  it('clicking the selected swatch clears it when clear-on-reselect is on', async () => {
    const { user } = renderForm(hoodie({ clear_on_reselect: true }));
    await user.click(radio('Color', 'Blue'));
    await user.click(radio('Color', 'Blue'));
    expect(radio('Color', 'Blue')).toHaveAttribute('aria-checked', 'false');
  });

  it('clicking the selected swatch keeps it when clear-on-reselect is off', async () => {
    const { user } = renderForm(hoodie({ clear_on_reselect: false }));
    await user.click(radio('Color', 'Blue'));
    await user.click(radio('Color', 'Blue'));
    expect(radio('Color', 'Blue')).toHaveAttribute('aria-checked', 'true');
  });

  it('hovering a swatch previews its name next to the label, and leaving restores the choice', async () => {
    const { user } = renderForm(hoodie());
    await user.click(radio('Color', 'Blue'));
    const shown = () => group('Color').parentElement?.querySelector('.vt-attribute__value')?.textContent;
    await user.unhover(radio('Color', 'Blue'));
    await user.hover(radio('Color', 'Red'));
    expect(shown()).toBe('Red');
    await user.unhover(radio('Color', 'Red'));
    expect(shown()).toBe('Blue');
  });

  it('renders colour, image and button faces as configured', () => {
    const [color, logo] = hoodie().attributes;
    if (!color || !logo) throw new Error('hoodie fixture has two attributes');
    const imageLogo = { ...logo, swatch: 'image' as const, swatch_values: { Yes: { image_src: '/yes.png' } } };
    renderForm(hoodie({ attributes: [color, imageLogo] }));
    expect(radio('Color', 'Blue')).toHaveClass('vt-swatch--color');
    expect(radio('Logo', 'Yes')).toHaveClass('vt-swatch--image');
    expect(radio('Logo', 'No')).toHaveClass('vt-swatch--button');
    expect(radio('Logo', 'No')).toHaveTextContent('No');
  });
});

describe('SwatchGroup: keyboard (radio group)', () => {
  beforeEach(() => window.history.replaceState(null, '', '/product/hoodie/'));

  it('has one tab stop per group: the first option when nothing is chosen', async () => {
    const { user } = renderForm(hoodie());
    await user.tab();
    expect(radio('Color', 'Blue')).toHaveFocus();
    await user.tab();
    expect(radio('Logo', 'Yes')).toHaveFocus();
  });

  it('the tab stop is the chosen option', async () => {
    const { user } = renderForm(hoodie({ default_attributes: { [COLOR]: 'Green' } }));
    await user.tab();
    expect(radio('Color', 'Green')).toHaveFocus();
  });

  it('arrow keys move focus and select, wrapping around', async () => {
    const { user } = renderForm(hoodie());
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(radio('Color', 'Green')).toHaveFocus();
    expect(radio('Color', 'Green')).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(radio('Color', 'Blue')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(radio('Color', 'Red')).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowUp}');
    expect(radio('Color', 'Green')).toHaveAttribute('aria-checked', 'true');
  });

  it('arrow keys skip options that cannot be chosen', async () => {
    const { user } = renderForm(hoodie());
    await user.click(radio('Logo', 'Yes'));
    await user.click(radio('Color', 'Blue'));
    await user.keyboard('{ArrowRight}');
    expect(radio('Color', 'Blue')).toHaveFocus();
    expect(radio('Color', 'Blue')).toHaveAttribute('aria-checked', 'true');
  });

  it('Space selects the focused option and, on the selected one, clears it', async () => {
    const { user } = renderForm(hoodie());
    await user.tab();
    await user.keyboard(' ');
    expect(radio('Color', 'Blue')).toHaveAttribute('aria-checked', 'true');
    await user.keyboard(' ');
    expect(radio('Color', 'Blue')).toHaveAttribute('aria-checked', 'false');
  });
});
