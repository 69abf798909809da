import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/components/testing/render-with-router';
import { chunk } from '@/lib/chunks';
import * as full from './search-box';
import { searchBoxOnDemand } from './search-box-on-demand';

type SearchBoxModule = typeof full;

/** The combobox's chunk, settled by the test. */
function controlled() {
  const loads: Array<(module: SearchBoxModule) => void> = [];
  const source = chunk(() => new Promise<SearchBoxModule>((resolve) => loads.push(resolve)));
  return { loads, Box: searchBoxOnDemand(source) };
}

const fetcher = vi.fn(async () => []);

describe('SearchBoxOnDemand', () => {
  it('is the same combobox before its code is there, and asks for the code only when used', async () => {
    const { loads, Box } = controlled();
    renderWithRouter(<Box label="Search products" defaultValue="hood" latencyMs={300} showNoResults={false} fetchSuggestions={fetcher} />);
    const box = screen.getByRole('combobox', { name: 'Search products' });
    expect(box).toHaveValue('hood');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('search', { name: 'Search products' })).toBeInTheDocument();
    expect(loads).toHaveLength(0);

    fireEvent.pointerEnter(box);
    expect(loads).toHaveLength(1);
  });

  it('hands over the text typed meanwhile, with focus and caret, once the code arrives', async () => {
    const user = userEvent.setup();
    const { loads, Box } = controlled();
    renderWithRouter(<Box label="Search products" latencyMs={300} showNoResults={false} fetchSuggestions={fetcher} />);
    const light = screen.getByRole('combobox', { name: 'Search products' });
    await user.click(light);
    await user.keyboard('hoo');
    expect(loads).toHaveLength(1);

    await act(async () => loads[0]?.(full));
    const box = screen.getByRole('combobox', { name: 'Search products' });
    expect(box).not.toBe(light);
    expect(box).toHaveValue('hoo');
    expect(box).toHaveFocus();
    expect((box as HTMLInputElement).selectionStart).toBe(3);
    await user.keyboard('d');
    expect(box).toHaveValue('hood');
  });

  it('stays a plain search form when its code cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const source = chunk<SearchBoxModule>(() => Promise.reject(new Error('offline')));
    const Box = searchBoxOnDemand(source);
    renderWithRouter(<Box label="Search products" latencyMs={300} showNoResults={false} fetchSuggestions={fetcher} />);
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await act(async () => void fireEvent.focus(box));
    expect(screen.getByRole('combobox', { name: 'Search products' })).toBe(box);
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
