import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageLoader } from './page-loader';

afterEach(() => vi.useRealTimers());

describe('PageLoader', () => {
  it('covers the page and is removed after 1000 ms', () => {
    vi.useFakeTimers();
    render(<PageLoader />);
    expect(screen.getByTestId('page-loader')).toHaveAttribute('aria-hidden', 'true');
    // Spec §9 "page loader removal 1000 ms": still there at 999 ms, gone at 1000 ms.
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByTestId('page-loader')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('page-loader')).not.toBeInTheDocument();
  });
});
