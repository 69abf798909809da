import { act, render, screen } from '@testing-library/react';
import { Notification } from './notification';

afterEach(() => vi.useRealTimers());

describe('Notification (spec §9: notification default 3000 ms)', () => {
  it('is a polite status region that shows a message until 3000 ms, not 2999', () => {
    vi.useFakeTimers();
    render(<Notification message={{ text: 'Hoodie has been added to your cart.', id: 1 }} />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('Hoodie has been added to your cart.');
    act(() => vi.advanceTimersByTime(2999));
    expect(region).toHaveTextContent('Hoodie has been added to your cart.');
    act(() => vi.advanceTimersByTime(1));
    expect(region).toBeEmptyDOMElement();
    // The region stays in the page for the next message.
    expect(screen.getByRole('status')).toBe(region);
  });

  it('shows the same text again for a new message, timed from the new one', () => {
    vi.useFakeTimers();
    const { rerender } = render(<Notification message={{ text: 'Cart updated.', id: 1 }} />);
    act(() => vi.advanceTimersByTime(2000));
    rerender(<Notification message={{ text: 'Cart updated.', id: 2 }} />);
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('status')).toHaveTextContent('Cart updated.');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows nothing without a message', () => {
    render(<Notification message={{ text: '', id: 0 }} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
