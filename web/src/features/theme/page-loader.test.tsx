import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_LOADER_MS, PageLoader } from './page-loader';

afterEach(() => vi.useRealTimers());

describe('PageLoader', () => {
  it('covers the page and is removed after 1000 ms', () => {
    vi.useFakeTimers();
    render(<PageLoader />);
    expect(screen.getByTestId('page-loader')).toHaveAttribute('aria-hidden', 'true');
    act(() => vi.advanceTimersByTime(PAGE_LOADER_MS - 1));
    expect(screen.getByTestId('page-loader')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('page-loader')).not.toBeInTheDocument();
    expect(PAGE_LOADER_MS).toBe(1000);
  });
});
