//! Component tests: lookup mode, fetch-all, notice and failures.

import { act, screen, waitFor, within } from '@testing-library/react';
import type { VariationsApi } from '@/lib/api/client';
import type { Variation } from '@/lib/api/types';
import { asLookup } from '../fixtures/build';
import { fakeClient, renderForm } from '../fixtures/render';
import { COLOR, hoodie, hoodieVariations, LOGO } from '../fixtures/samples';

const radio = (group: string, name: string) =>
  within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name });
const NO_MATCH = 'Sorry, no products matched your selection. Please choose a different combination.';
const blind = () => ({ ...asLookup(hoodie()), availability: { keys: [], options: [], entries: [] } });

/** A client whose match calls stay pending until released, recording their abort signals. */
function heldClient() {
  const calls: { attrs: Record<string, string>; signal?: AbortSignal; release(v: Variation | null): void }[] = [];
  const client: VariationsApi = {
    ...fakeClient(hoodieVariations),
    match: vi.fn((_id: number, attrs: Record<string, string>, signal?: AbortSignal) => {
      return new Promise<Variation | null>((resolve) => calls.push({ attrs, signal, release: resolve }));
    }),
  };
  return { client, calls };
}

describe('VariationForm: lookup mode (above the preload threshold)', () => {
  beforeEach(() => window.history.replaceState(null, '', '/product/hoodie/'));

  it('greys out unavailable options from the availability map with zero requests', async () => {
    const client = fakeClient(hoodieVariations);
    const { user } = renderForm(asLookup(hoodie()), { client });
    await user.click(radio('Logo', 'Yes'));
    expect(radio('Color', 'Red')).toHaveAttribute('aria-disabled', 'true');
    expect(client.match).not.toHaveBeenCalled();
    expect(client.all).not.toHaveBeenCalled();
  });

  it('looks up one variation per full selection and shows it', async () => {
    const client = fakeClient(hoodieVariations);
    const { user } = renderForm(asLookup(hoodie()), { client });
    await user.click(radio('Color', 'Blue'));
    expect(client.match).not.toHaveBeenCalled();
    await user.click(radio('Logo', 'Yes'));
    expect(await screen.findByTestId('variation-sku')).toHaveTextContent('woo-hoodie-blue-logo');
    expect(client.match).toHaveBeenCalledTimes(1);
    expect(client.match).toHaveBeenCalledWith(45, { [COLOR]: 'Blue', [LOGO]: 'Yes' }, expect.any(AbortSignal));
  });

  it('covers the form while the lookup is pending and aborts the previous request', async () => {
    const { client, calls } = heldClient();
    const { user, container } = renderForm(asLookup(hoodie()), { client });
    await user.click(radio('Color', 'Blue'));
    await user.click(radio('Logo', 'Yes'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container.querySelector('form')).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelector('form')).toHaveClass('vt-variations--loading');
    await user.click(radio('Logo', 'No'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect(calls[1]?.signal?.aborted).toBe(false);
    calls[1]?.release(hoodieVariations.find((v) => v.variation_id === 81) ?? null);
    expect(await screen.findByTestId('variation-sku')).toHaveTextContent('woo-hoodie-blue');
    expect(container.querySelector('form')).not.toHaveAttribute('aria-busy');
  });

  it('going back to an earlier combination reuses its answer without a request', async () => {
    const client = fakeClient(hoodieVariations);
    const { user } = renderForm(asLookup(hoodie()), { client });
    await user.click(radio('Color', 'Blue'));
    await user.click(radio('Logo', 'Yes'));
    await screen.findByTestId('variation-sku');
    await user.click(radio('Logo', 'No'));
    await waitFor(() => expect(screen.getByTestId('variation-sku')).toHaveTextContent('woo-hoodie-blue'));
    await user.click(radio('Logo', 'Yes'));
    expect(await screen.findByText('woo-hoodie-blue-logo')).toBeInTheDocument();
    expect(client.match).toHaveBeenCalledTimes(2);
  });

  it('all chosen and no match shows the notice (Red + Yes, nothing disabled without a map)', async () => {
    const client = fakeClient(hoodieVariations);
    const { user } = renderForm(blind(), { client });
    await user.click(radio('Color', 'Red'));
    await user.click(radio('Logo', 'Yes'));
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_MATCH);
    expect(screen.queryByTestId('variation-price')).not.toBeInTheDocument();
  });

  it('choosing any option clears the notice and rechecks', async () => {
    const client = fakeClient(hoodieVariations);
    const { user } = renderForm(blind(), { client });
    await user.click(radio('Color', 'Red'));
    await user.click(radio('Logo', 'Yes'));
    await screen.findByRole('alert');
    await user.click(radio('Logo', 'No'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByTestId('variation-sku')).toHaveTextContent('woo-hoodie-red');
  });

  it('the notice does not show on first load, even when the initial choices match nothing', async () => {
    const client = fakeClient(hoodieVariations);
    renderForm(blind(), { client, data: { ...blind(), default_attributes: { [COLOR]: 'Red', [LOGO]: 'Yes' } } });
    await waitFor(() => expect(client.match).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the first lookup waits for the start delay after load', async () => {
    vi.useFakeTimers();
    try {
      const client = fakeClient(hoodieVariations);
      renderForm(asLookup(hoodie({ default_attributes: { [COLOR]: 'Blue', [LOGO]: 'No' } })), { client });
      await act(() => vi.advanceTimersByTimeAsync(99));
      expect(client.match).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(client.match).toHaveBeenCalledTimes(1);
      expect(screen.getByTestId('variation-sku')).toHaveTextContent('woo-hoodie-blue');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed lookup logs to the console only and leaves the display reset', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const client = { ...fakeClient(hoodieVariations), match: vi.fn(async () => Promise.reject(new Error('500'))) };
    const { user, container } = renderForm(asLookup(hoodie()), { client });
    await user.click(radio('Color', 'Blue'));
    await user.click(radio('Logo', 'Yes'));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(alert).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(container.querySelector('form')).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveAttribute('aria-disabled', 'true');
    error.mockRestore();
    alert.mockRestore();
  });
});

describe('VariationForm: every variation fetched for a small product not embedded', () => {
  it('fetches all variations once after the start delay, then matches locally', async () => {
    const client = fakeClient(hoodieVariations);
    const data = { ...hoodie(), product_variations: null };
    const { user } = renderForm(data, { client });
    await waitFor(() => expect(client.all).toHaveBeenCalledTimes(1));
    await user.click(radio('Color', 'Blue'));
    await user.click(radio('Logo', 'Yes'));
    expect(await screen.findByTestId('variation-sku')).toHaveTextContent('woo-hoodie-blue-logo');
    expect(client.match).not.toHaveBeenCalled();
  });

  it('falls back to lookups when fetching every variation fails (logged)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = { ...fakeClient(hoodieVariations), all: vi.fn(async () => Promise.reject(new Error('down'))) };
    const { user } = renderForm({ ...hoodie(), product_variations: null }, { client });
    await waitFor(() => expect(error).toHaveBeenCalled());
    await user.click(radio('Color', 'Blue'));
    await user.click(radio('Logo', 'Yes'));
    expect(await screen.findByTestId('variation-sku')).toHaveTextContent('woo-hoodie-blue-logo');
    expect(client.match).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});
