import { fireEvent, screen } from '@testing-library/react';
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

describe('the sidebar placement on a desktop (wider than 768 px)', () => {
  beforeEach(() => mockWindowWidth(769));

  it('expands while the mouse is over it, without locking the page', () => {
    renderWithCurrency(<CurrencySidebar />);
    expect(sidebar()).toHaveAttribute('data-expanded', 'false');
    fireEvent.pointerEnter(sidebar(), mouse);
    expect(sidebar()).toHaveAttribute('data-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Currency' })).toBeVisible();
    expect(scrollLocked()).toBe(false);
    fireEvent.pointerLeave(sidebar(), mouse);
    expect(sidebar()).toHaveAttribute('data-expanded', 'false');
  });

  it('a click on the button of the hovered sidebar keeps it open after the mouse leaves', () => {
    renderWithCurrency(<CurrencySidebar />);
    fireEvent.pointerEnter(sidebar(), mouse);
    expect(sidebar()).toHaveAttribute('data-expanded', 'true');
    fireEvent.click(button());
    expect(sidebar()).toHaveAttribute('data-expanded', 'true');
    fireEvent.pointerLeave(sidebar(), mouse);
    expect(sidebar()).toHaveAttribute('data-expanded', 'true');
  });

  it('a touch does not count as hover', () => {
    renderWithCurrency(<CurrencySidebar />);
    fireEvent.pointerEnter(sidebar(), { pointerType: 'touch' });
    expect(sidebar()).toHaveAttribute('data-expanded', 'false');
  });
});

describe('the sidebar placement at 768 px or narrower', () => {
  beforeEach(() => mockWindowWidth(768));

  it('does not expand on hover', () => {
    renderWithCurrency(<CurrencySidebar />);
    fireEvent.pointerEnter(sidebar(), mouse);
    expect(sidebar()).toHaveAttribute('data-expanded', 'false');
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
