import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/components/testing/render-with-router';
import type { Suggestion } from '@/lib/api/types';
import { DEFAULT_SEARCH_LATENCY_MS, MIN_SEARCH_CHARS } from '../hooks/use-suggestions';
import { nextActive, SearchBox } from './search-box';

afterEach(() => vi.useRealTimers());

const suggestion = (id: number, value: string): Suggestion => ({
  id,
  value,
  url: `/product/${value.toLowerCase().replaceAll(' ', '-')}/`,
  img: '',
  price: '<span>$45.00</span>',
  price_text: '$45.00',
});

const HOODIES = [suggestion(45, 'Hoodie'), suggestion(46, 'Hoodie with Logo')];

function setup(fetcher = vi.fn(async (_q: string, _signal: AbortSignal) => HOODIES), showNoResults = false) {
  vi.useFakeTimers();
  const view = renderWithRouter(
    <SearchBox label="Search products" latencyMs={DEFAULT_SEARCH_LATENCY_MS} showNoResults={showNoResults} fetchSuggestions={fetcher} />,
  );
  const box = screen.getByRole('combobox', { name: 'Search products' });
  const type = (text: string) => fireEvent.change(box, { target: { value: text } });
  const wait = async (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
  return { ...view, box, type, wait, fetcher };
}

describe('SearchBox', () => {
  it('pins the defaults: 3 characters, 300 ms', () => {
    expect(MIN_SEARCH_CHARS).toBe(3);
    expect(DEFAULT_SEARCH_LATENCY_MS).toBe(300);
  });

  it('asks nothing below 3 characters', async () => {
    const { type, wait, fetcher } = setup();
    type('ho');
    await wait(1000);
    expect(fetcher).not.toHaveBeenCalled();
    type('hoo');
    await wait(300);
    expect(fetcher).toHaveBeenCalledWith('hoo', expect.any(AbortSignal));
  });

  it('waits the search_result_latency after typing: not at 299 ms, at 300 ms', async () => {
    const { type, wait, fetcher, box } = setup();
    type('hoo');
    await wait(299);
    expect(fetcher).not.toHaveBeenCalled();
    await wait(1);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox')).toBeVisible();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Hoodie$45.00', 'Hoodie with Logo$45.00']);
  });

  it('aborts a stale request and never shows its late answer', async () => {
    const signals: AbortSignal[] = [];
    let resolveFirst: (items: Suggestion[]) => void = () => {};
    const fetcher = vi.fn((q: string, signal: AbortSignal) => {
      signals.push(signal);
      if (q === 'hoo') return new Promise<Suggestion[]>((resolve) => (resolveFirst = resolve));
      return Promise.resolve([suggestion(58, 'Hoodie with Zipper')]);
    });
    const { type, wait } = setup(fetcher);
    type('hoo');
    await wait(300);
    type('hood');
    expect(signals[0]?.aborted).toBe(true);
    await wait(300);
    await act(async () => resolveFirst(HOODIES));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Hoodie with Zipper$45.00']);
  });

  it('ignores errors and says "No results" only when enabled', async () => {
    const failing = setup(vi.fn(async () => Promise.reject(new Error('down'))));
    failing.type('hoo');
    await failing.wait(300);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    failing.unmount();

    const quiet = setup(vi.fn(async () => []));
    quiet.type('zzz');
    await quiet.wait(300);
    expect(screen.queryByText('No results')).not.toBeInTheDocument();
    quiet.unmount();

    const told = setup(vi.fn(async () => []), true);
    told.type('zzz');
    await told.wait(300);
    expect(screen.getByRole('option', { name: 'No results' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('moves the active option with the arrows, opens it with Enter and closes with Escape', async () => {
    const { type, wait, box, router } = setup();
    type('hoo');
    await wait(300);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const first = screen.getAllByRole('option')[0]!;
    expect(box).toHaveAttribute('aria-activedescendant', first.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box).toHaveAttribute('aria-activedescendant', first.id);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await wait(0);
    expect(router.state.location.pathname).toBe('/product/hoodie/');
  });

  it('cycles through the options and the typed text', () => {
    expect(nextActive(-1, 1, 2)).toBe(0);
    expect(nextActive(1, 1, 2)).toBe(-1);
    expect(nextActive(-1, -1, 2)).toBe(1);
    expect(nextActive(0, -1, 2)).toBe(-1);
  });
});
