import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNT_UP_DECIMALS, COUNT_UP_MS, CountUp, countUpValue, formatCount } from './count-up';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('countUpValue', () => {
  it('uses the spec defaults: 4 s, 0 decimals', () => {
    expect(COUNT_UP_MS).toBe(4000);
    expect(COUNT_UP_DECIMALS).toBe(0);
  });

  it('starts at 0, eases out (most of the way in the first half) and lands exactly on the value', () => {
    expect(countUpValue(0, 17)).toBe(0);
    expect(countUpValue(2000, 17)).toBeGreaterThanOrEqual(16);
    expect(countUpValue(2000, 1000)).toBeLessThan(1000);
    expect(countUpValue(4000, 17)).toBe(17);
    expect(countUpValue(9999, 17)).toBe(17);
  });

  it('rounds to the decimals asked for and never overshoots', () => {
    expect(Number.isInteger(countUpValue(1234, 999))).toBe(true);
    expect(countUpValue(3999, 10, 4000, 2)).toBeLessThanOrEqual(10);
    expect(countUpValue(400, 10, 4000, 2) * 100).toBeCloseTo(Math.round(countUpValue(400, 10, 4000, 2) * 100));
  });

  it('increases steadily', () => {
    let previous = -1;
    for (let t = 0; t <= 4000; t += 100) {
      const value = countUpValue(t, 500);
      expect(value).toBeGreaterThanOrEqual(previous);
      previous = value;
    }
  });
});

describe('CountUp', () => {
  it('counts from 0 to the value over 4 s while screen readers get the value only', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    render(
      <p>
        <CountUp value={1234} /> products
      </p>,
    );
    const digits = screen.getByTestId('count-up');
    expect(digits).toHaveTextContent(/^0$/);
    expect(screen.getByText('products', { exact: false })).toHaveTextContent('1,234 products');
    act(() => vi.advanceTimersByTime(1000));
    const partway = Number(digits.textContent?.replace(',', ''));
    expect(partway).toBeGreaterThan(0);
    expect(partway).toBeLessThan(1234);
    act(() => vi.advanceTimersByTime(3100));
    expect(digits).toHaveTextContent('1,234');
  });

  it('shows the value at once under prefers-reduced-motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
    render(<CountUp value={17} />);
    expect(screen.getByTestId('count-up')).toHaveTextContent('17');
  });

  it('formats with thousands separators', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(1.5, 1)).toBe('1.5');
  });
});
