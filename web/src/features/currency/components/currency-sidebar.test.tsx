import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestPointerEvent } from '@/components/testing/pointer-events';
import { renderWithCurrency } from '../test/fixtures';
import { CurrencySidebar } from './currency-sidebar';

/** A window `width` px wide: matchMedia answers min-/max-width queries as a browser would. */
function mockWindowWidth(width: number) {
  vi.stubGlobal('PointerEvent', TestPointerEvent);
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return { media: query, matches, addEventListener: () => {}, removeEventListener: () => {} };
  });
}

const sidebar = () => screen.getByRole('complementary', { name: 'Currency sidebar' });
const button = () => screen.getByRole('button', { name: 'Currency: USD' });
const scrollLocked = () => document.documentElement.classList.contains('currency-scroll-lock');
const mouse = { pointerType: 'mouse' };

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.classList.remove('currency-scroll-lock');
});

describe('the sidebar placement on a desktop (wider than 768 px): hover intent, the plugin defaults', () => {
  beforeEach(() => {
    mockWindowWidth(769);
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  const at = (x: number, y = 200) => ({ ...mouse, clientX: x, clientY: y });
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  const expanded = () => sidebar().getAttribute('data-expanded');

  it('expands once the mouse has rested 100 ms (not at 99), without locking the page; leaving closes at once', () => {
    renderWithCurrency(<CurrencySidebar />);
    expect(expanded()).toBe('false');
    fireEvent.pointerEnter(sidebar(), at(10));
    wait(99);
    expect(expanded()).toBe('false');
    wait(1);
    expect(expanded()).toBe('true');
    expect(screen.getByRole('listbox', { name: 'Currency' })).toBeVisible();
    expect(scrollLocked()).toBe(false);
    // The plugin's timeout is 0: closed on the next tick, not the theme's 70 ms.
    fireEvent.pointerLeave(sidebar(), at(10));
    wait(0);
    expect(expanded()).toBe('false');
  });

  it('a pointer that moved 6 px in the interval is still passing by; 5 px counts as resting', () => {
    renderWithCurrency(<CurrencySidebar />);
    fireEvent.pointerEnter(sidebar(), at(10));
    fireEvent.pointerMove(sidebar(), at(16));
    wait(100);
    expect(expanded()).toBe('false');
    fireEvent.pointerMove(sidebar(), at(21));
    wait(99);
    expect(expanded()).toBe('false');
    wait(1);
    expect(expanded()).toBe('true');
  });

  it('passing straight through never expands it', () => {
    renderWithCurrency(<CurrencySidebar />);
    fireEvent.pointerEnter(sidebar(), at(10));
    wait(50);
    fireEvent.pointerLeave(sidebar(), at(10));
    wait(500);
    expect(expanded()).toBe('false');
  });

  it('a click on the button of the hovered sidebar keeps it open after the mouse leaves', () => {
    renderWithCurrency(<CurrencySidebar />);
    fireEvent.pointerEnter(sidebar(), at(10));
    wait(100);
    expect(expanded()).toBe('true');
    fireEvent.click(button());
    expect(expanded()).toBe('true');
    fireEvent.pointerLeave(sidebar(), at(10));
    wait(1000);
    expect(expanded()).toBe('true');
  });

  it('a touch does not count as hover', () => {
    renderWithCurrency(<CurrencySidebar />);
    fireEvent.pointerEnter(sidebar(), { pointerType: 'touch', clientX: 10, clientY: 200 });
    wait(1000);
    expect(expanded()).toBe('false');
  });
});

describe('the sidebar placement at 768 px or narrower', () => {
  beforeEach(() => mockWindowWidth(768));

  it('does not expand on hover, however long the mouse rests', () => {
    vi.useFakeTimers();
    try {
      renderWithCurrency(<CurrencySidebar />);
      fireEvent.pointerEnter(sidebar(), { ...mouse, clientX: 10, clientY: 200 });
      act(() => vi.advanceTimersByTime(1000));
      expect(sidebar()).toHaveAttribute('data-expanded', 'false');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a tap expands it and locks page scroll; a tap again (or elsewhere) closes and unlocks', async () => {
    const user = userEvent.setup();
    renderWithCurrency(
      <>
        <CurrencySidebar />
        <p>Page</p>
      </>,
    );
    await user.click(button());
    expect(sidebar()).toHaveAttribute('data-expanded', 'true');
    expect(scrollLocked()).toBe(true);
    await user.click(button());
    expect(sidebar()).toHaveAttribute('data-expanded', 'false');
    expect(scrollLocked()).toBe(false);

    await user.click(button());
    expect(scrollLocked()).toBe(true);
    await user.click(screen.getByText('Page'));
    expect(sidebar()).toHaveAttribute('data-expanded', 'false');
    expect(scrollLocked()).toBe(false);
  });

  it('choosing a currency closes it, unlocks the page and switches', async () => {
    const user = userEvent.setup();
    const { spies } = renderWithCurrency(<CurrencySidebar />);
    await user.click(button());
    await user.click(screen.getByRole('option', { name: '€ EUR' }));
    expect(scrollLocked()).toBe(false);
    expect(spies.setCurrency).toHaveBeenCalledWith('EUR');
  });

  it('unlocks the page when it goes away while expanded', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithCurrency(<CurrencySidebar />);
    await user.click(button());
    expect(scrollLocked()).toBe(true);
    unmount();
    expect(scrollLocked()).toBe(false);
  });
});
