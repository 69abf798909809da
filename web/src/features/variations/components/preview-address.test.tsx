//! Component tests: preview image and address sync.

import { screen, waitFor, within } from '@testing-library/react';
import { asLookup } from '../fixtures/build';
import { fakeClient, renderForm } from '../fixtures/render';
import { COLOR, hoodie, hoodieVariations, LOGO } from '../fixtures/samples';

const radio = (group: string, name: string) =>
  within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name });

describe('VariationForm: preview image', () => {
  beforeEach(() => window.history.replaceState(null, '', '/product/hoodie/'));

  it('choosing a colour before all are chosen previews the first matching image; clearing restores', async () => {
    const { user, onImageChange } = renderForm(hoodie());
    await user.click(radio('Color', 'Green'));
    expect(onImageChange).toHaveBeenLastCalledWith(expect.objectContaining({ src: '/media/hoodie-green-1.jpg' }));
    await user.click(radio('Color', 'Green'));
    expect(radio('Color', 'Green')).toHaveAttribute('aria-checked', 'false');
    expect(onImageChange).toHaveBeenLastCalledWith(null);
  });

  it('does not preview on other attributes than the preview attribute', async () => {
    const { user, onImageChange } = renderForm(hoodie());
    await user.click(radio('Logo', 'No'));
    expect(onImageChange).not.toHaveBeenCalled();
  });

  it('previews on the named preview attribute', async () => {
    const { user, onImageChange } = renderForm(hoodie({ preview_attribute: LOGO }));
    await user.click(radio('Logo', 'No'));
    expect(onImageChange).toHaveBeenLastCalledWith(expect.objectContaining({ src: '/media/hoodie-2.jpg' }));
  });

  it('in lookup mode the preview comes from the preview call', async () => {
    const client = fakeClient(hoodieVariations);
    const { user, onImageChange } = renderForm(asLookup(hoodie()), { client });
    await user.click(radio('Color', 'Red'));
    await waitFor(() =>
      expect(onImageChange).toHaveBeenLastCalledWith(expect.objectContaining({ src: '/media/hoodie-2.jpg' })),
    );
    expect(client.preview).toHaveBeenCalledWith(45, COLOR, 'Red', expect.any(AbortSignal));
  });

  it('a failed preview call is only logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = { ...fakeClient(hoodieVariations), preview: vi.fn(async () => Promise.reject(new Error('x'))) };
    const { user, onImageChange } = renderForm(asLookup(hoodie()), { client });
    await user.click(radio('Color', 'Red'));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(onImageChange).not.toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('VariationForm: address sync', () => {
  beforeEach(() => window.history.replaceState(null, '', '/product/hoodie/'));

  it('puts the chosen values into the address, and returns to the bare address when cleared', async () => {
    const { user } = renderForm(hoodie({ sync_address: true }));
    await user.click(radio('Color', 'Blue'));
    expect(window.location.search).toBe('?attribute_color=Blue');
    await user.click(radio('Logo', 'Yes'));
    expect(window.location.search).toBe('?attribute_color=Blue&attribute_logo=Yes');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(window.location.pathname + window.location.search).toBe('/product/hoodie/');
  });

  it('replaces the history entry rather than adding one', async () => {
    const length = window.history.length;
    const { user } = renderForm(hoodie({ sync_address: true }));
    await user.click(radio('Color', 'Blue'));
    expect(window.history.length).toBe(length);
  });

  it('restores the choices from the address on load and shows the match', () => {
    window.history.replaceState(null, '', '/product/hoodie/?attribute_color=Blue&attribute_logo=No');
    renderForm(hoodie({ sync_address: true }));
    expect(radio('Color', 'Blue')).toHaveAttribute('aria-checked', 'true');
    expect(radio('Logo', 'No')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('variation-sku')).toHaveTextContent('woo-hoodie-blue');
  });

  it('address values override the default attributes', () => {
    window.history.replaceState(null, '', '/product/hoodie/?attribute_color=Red');
    renderForm(hoodie({ default_attributes: { [COLOR]: 'Blue', [LOGO]: 'No' } }));
    expect(radio('Color', 'Red')).toHaveAttribute('aria-checked', 'true');
    expect(radio('Logo', 'No')).toHaveAttribute('aria-checked', 'true');
  });

  it('leaves the address alone on load', () => {
    const replace = vi.spyOn(window.history, 'replaceState');
    renderForm(hoodie({ sync_address: true, default_attributes: { [COLOR]: 'Blue' } }));
    expect(replace).not.toHaveBeenCalled();
    replace.mockRestore();
  });

  it('leaves the address alone when sync is off', async () => {
    const { user } = renderForm(hoodie({ sync_address: false }));
    await user.click(radio('Color', 'Blue'));
    expect(window.location.search).toBe('');
  });
});
