import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SORTED_BY_REFRESH_MS, SortedBy, sortedByText } from './sorted-by';

afterEach(() => vi.useRealTimers());

describe('SortedBy', () => {
  it('names each order in WooCommerce words', () => {
    expect(sortedByText('menu_order')).toBe('Sorted by: default');
    expect(sortedByText('price')).toBe('Sorted by: price: low to high');
    expect(sortedByText('price-desc')).toBe('Sorted by: price: high to low');
    expect(sortedByText('popularity')).toBe('Sorted by: popularity');
    expect(sortedByText('nonsense')).toBe('Sorted by: default');
  });

  it('follows a new order after 1000 ms: not at 999 ms', () => {
    expect(SORTED_BY_REFRESH_MS).toBe(1000);
    vi.useFakeTimers();
    const { rerender } = render(<SortedBy orderby="menu_order" />);
    expect(screen.getByRole('status')).toHaveTextContent('Sorted by: default');
    rerender(<SortedBy orderby="price" />);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByRole('status')).toHaveTextContent('Sorted by: default');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('Sorted by: price: low to high');
  });
});
