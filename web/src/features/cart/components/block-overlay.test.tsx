import { act, render, screen } from '@testing-library/react';
import { BlockOverlay } from './block-overlay';

// Spec §9 "Blocking overlay defaults: fade in 200 ms, out 400 ms, opacity 0.6, base z-index 1000".
describe('BlockOverlay', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands cart.css the spec numbers: in over 200 ms, out over 400 ms, at 0.6 opacity, z-index 1000', () => {
    render(<BlockOverlay active />);
    const overlay = screen.getByTestId('block-overlay');
    expect(overlay.style.getPropertyValue('--cart-block-in')).toBe('200ms');
    expect(overlay.style.getPropertyValue('--cart-block-out')).toBe('400ms');
    expect(overlay.style.getPropertyValue('--cart-block-opacity')).toBe('0.6');
    expect(overlay.style.getPropertyValue('--z-block-overlay')).toBe('1000');
    expect(overlay).toHaveClass('cart-block-overlay--shown');
  });

  it('fades out for 400 ms: still there at 399, gone at 400', () => {
    vi.useFakeTimers();
    const { rerender } = render(<BlockOverlay active />);
    rerender(<BlockOverlay active={false} />);
    expect(screen.getByTestId('block-overlay')).toHaveClass('cart-block-overlay--leaving');
    act(() => vi.advanceTimersByTime(399));
    expect(screen.getByTestId('block-overlay')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('block-overlay')).toBeNull();
  });

  it('comes back at once when blocked again while fading out', () => {
    vi.useFakeTimers();
    const { rerender } = render(<BlockOverlay active />);
    rerender(<BlockOverlay active={false} />);
    act(() => vi.advanceTimersByTime(200));
    rerender(<BlockOverlay active />);
    act(() => vi.advanceTimersByTime(400));
    expect(screen.getByTestId('block-overlay')).toHaveClass('cart-block-overlay--shown');
  });
});
