import { act, render, screen } from '@testing-library/react';
import { ErrorNotice } from './error-notice';

afterEach(() => vi.useRealTimers());

describe('ErrorNotice', () => {
  it('takes focus 500 ms after it appears (spec §9 alert focus delay), not at 499 ms', () => {
    vi.useFakeTimers();
    render(<ErrorNotice notice={{ id: 1, errors: [{ field: 'billing_first_name', message: 'Billing First name is a required field.' }] }} />);
    const alert = screen.getByRole('alert');
    expect(alert).not.toHaveFocus();
    act(() => vi.advanceTimersByTime(499));
    expect(alert).not.toHaveFocus();
    act(() => vi.advanceTimersByTime(1));
    expect(alert).toHaveFocus();
  });

  it('moves focus again for a new press, 500 ms after it', () => {
    vi.useFakeTimers();
    const errors = [{ field: 'terms', message: 'Please read and accept the terms and conditions to proceed with your order.' }];
    const { rerender } = render(<ErrorNotice notice={{ id: 1, errors }} />);
    act(() => vi.advanceTimersByTime(500));
    const other = document.createElement('button');
    document.body.append(other);
    other.focus();
    rerender(<ErrorNotice notice={{ id: 2, errors }} />);
    act(() => vi.advanceTimersByTime(499));
    expect(other).toHaveFocus();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert')).toHaveFocus();
    other.remove();
  });
});
