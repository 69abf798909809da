import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chunk } from '@/lib/chunks';
import { renderWithCurrency } from '../test/fixtures';
import * as parts from './currency-parts';
import { currencyDropdownOnDemand, currencySidebarOnDemand } from './currency-on-demand';

type PartsModule = typeof parts;

/** The switcher's chunk, settled by the test. */
function controlled() {
  const loads: Array<(module: PartsModule) => void> = [];
  const source = chunk(() => new Promise<PartsModule>((resolve) => loads.push(resolve)));
  return { loads, source };
}

const button = () => screen.getByRole('button', { name: 'Currency: USD' });

describe('the switcher before its code is there', () => {
  it('draws the same button, and asks for the code only on the first pointer or focus', () => {
    const { loads, source } = controlled();
    const Light = currencyDropdownOnDemand(source);
    const { container } = renderWithCurrency(<Light />);
    expect(button()).toHaveAttribute('aria-haspopup', 'listbox');
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(button()).toHaveTextContent('$ USD');
    expect(container.querySelector('.currency-dropdown > .currency-switcher.currency-switcher--dropdown')).toBeInTheDocument();
    expect(loads).toHaveLength(0);
    fireEvent.pointerEnter(button());
    expect(loads).toHaveLength(1);
  });

  it('is the same markup as the full switcher, closed', async () => {
    const { loads, source } = controlled();
    const Light = currencyDropdownOnDemand(source);
    const light = renderWithCurrency(<Light />);
    const full = renderWithCurrency(<parts.CurrencyDropdown />);
    const strip = (html: string) => html.replace(/ aria-controls="[^"]*"/g, '');
    expect(strip(light.container.innerHTML)).toBe(strip(full.container.innerHTML.replace(/<ul[^>]*hidden[^>]*><\/ul>|<ul.*<\/ul>/s, '')));
    expect(loads).toHaveLength(0);
  });

  it('a press before the code arrived opens the list, with focus on it, once it has', async () => {
    const user = userEvent.setup();
    const { loads, source } = controlled();
    const Light = currencyDropdownOnDemand(source);
    renderWithCurrency(<Light />);
    await user.click(button());
    expect(loads).toHaveLength(1);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await act(async () => loads[0]?.(parts));
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Currency' })).toHaveFocus();
  });

  it('keeps focus on the button when it was only focused', async () => {
    const { loads, source } = controlled();
    const Light = currencyDropdownOnDemand(source);
    renderWithCurrency(<Light />);
    act(() => button().focus());
    expect(loads).toHaveLength(1);
    await act(async () => loads[0]?.(parts));
    expect(button()).toHaveFocus();
    expect(button()).toHaveAttribute('aria-expanded', 'false');
  });

  it('the sidebar is the same region with the same button until its code is there', async () => {
    const { loads, source } = controlled();
    const Light = currencySidebarOnDemand(source);
    renderWithCurrency(<Light />);
    const region = screen.getByRole('complementary', { name: 'Currency sidebar' });
    expect(region).toHaveAttribute('data-expanded', 'false');
    fireEvent.pointerEnter(region, { clientX: 5, clientY: 5 });
    expect(loads).toHaveLength(1);
    await act(async () => loads[0]?.(parts));
    expect(screen.getByRole('complementary', { name: 'Currency sidebar' })).toBeInTheDocument();
    expect(button()).toBeInTheDocument();
  });
});
