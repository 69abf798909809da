import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { demoCurrencies, renderWithCurrency, switchSpies } from '../test/fixtures';
import { CurrencyDropdown } from './currency-dropdown';

const button = (code = 'USD') => screen.getByRole('button', { name: `Currency: ${code}` });
const listbox = () => screen.getByRole('listbox', { name: 'Currency', hidden: true });
const activeOption = () => {
  const id = listbox().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

describe('the switcher control (button and listbox)', () => {
  it('names the button by the current code and each option by its label', async () => {
    const user = userEvent.setup();
    renderWithCurrency(<CurrencyDropdown />);
    expect(button()).toHaveAttribute('aria-haspopup', 'listbox');
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(button()).toHaveTextContent('$ USD');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.click(button());
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    const options = within(screen.getByRole('listbox', { name: 'Currency' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['$ USD', '€ EUR', '£ GBP']);
    expect(screen.getByRole('option', { name: '$ USD' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: '€ EUR' })).toHaveAttribute('aria-selected', 'false');
    expect(listbox()).toHaveFocus();
  });

  it('shows the server-formatted label (custom_format) and follows flag_size and dropdown_icon', () => {
    const currency = demoCurrencies('EUR', { flag_size: 'large', dropdown_icon: 'caret' });
    currency.options[1]!.label = 'EUR (€)';
    const { container } = renderWithCurrency(<CurrencyDropdown />, currency);
    expect(button('EUR')).toHaveTextContent('EUR (€)');
    expect(container.querySelector('.currency-switcher__button .currency-flag')).toHaveClass('currency-flag--large');
    expect(container.querySelector('.currency-switcher__caret')).toBeInTheDocument();
    expect(container.querySelector('.currency-switcher__arrow')).not.toBeInTheDocument();
  });

  it('shows no icon when dropdown_icon is none', () => {
    const { container } = renderWithCurrency(<CurrencyDropdown />, demoCurrencies('USD', { dropdown_icon: 'none' }));
    expect(container.querySelector('.currency-switcher__caret, .currency-switcher__arrow')).not.toBeInTheDocument();
  });

  it('keyboard: Enter opens on the current currency, arrows, Home and End move within bounds, Escape closes to the button', async () => {
    const user = userEvent.setup();
    const { spies } = renderWithCurrency(<CurrencyDropdown />, demoCurrencies('EUR'));
    button('EUR').focus();
    await user.keyboard('{Enter}');
    expect(listbox()).toHaveFocus();
    expect(activeOption()).toHaveTextContent('€ EUR');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('£ GBP');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('£ GBP');
    await user.keyboard('{Home}');
    expect(activeOption()).toHaveTextContent('$ USD');
    await user.keyboard('{ArrowUp}');
    expect(activeOption()).toHaveTextContent('$ USD');
    await user.keyboard('{End}');
    expect(activeOption()).toHaveTextContent('£ GBP');
    await user.keyboard('{ArrowUp}');
    expect(activeOption()).toHaveTextContent('€ EUR');
    await user.keyboard('{Escape}');
    expect(button('EUR')).toHaveAttribute('aria-expanded', 'false');
    expect(button('EUR')).toHaveFocus();
    expect(spies.setCurrency).not.toHaveBeenCalled();
  });

  it('keyboard: ArrowDown on the button opens, Enter chooses, focus returns to the button', async () => {
    const user = userEvent.setup();
    const { spies } = renderWithCurrency(<CurrencyDropdown />);
    button().focus();
    await user.keyboard('{ArrowDown}');
    expect(listbox()).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(spies.setCurrency).toHaveBeenCalledWith('EUR');
    expect(button()).toHaveFocus();
    expect(button()).toHaveAttribute('aria-expanded', 'false');
  });

  it('keyboard: Space chooses too; the current currency closes without asking the server', async () => {
    const user = userEvent.setup();
    const { spies } = renderWithCurrency(<CurrencyDropdown />);
    button().focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(button()).toHaveFocus();
    expect(spies.setCurrency).not.toHaveBeenCalled();
    await user.keyboard('{Enter}{End} ');
    expect(spies.setCurrency).toHaveBeenCalledWith('GBP');
  });

  it('Tab out of the list closes it', async () => {
    const user = userEvent.setup();
    renderWithCurrency(
      <>
        <CurrencyDropdown />
        <a href="/next">Next</a>
      </>,
    );
    await user.click(button());
    await user.tab();
    expect(button()).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('the header dropdown placement', () => {
  it('a click on the button toggles the active state; a click elsewhere closes it', async () => {
    const user = userEvent.setup();
    const { container } = renderWithCurrency(
      <>
        <CurrencyDropdown />
        <p>Elsewhere</p>
      </>,
    );
    const root = () => container.querySelector('.currency-switcher');
    await user.click(button());
    expect(root()).toHaveClass('active');
    await user.click(button());
    expect(root()).not.toHaveClass('active');
    await user.click(button());
    expect(root()).toHaveClass('active');
    await user.click(screen.getByText('Elsewhere'));
    expect(root()).not.toHaveClass('active');
    expect(button()).toHaveAttribute('aria-expanded', 'false');
  });

  it('a click on an option chooses it', async () => {
    const user = userEvent.setup();
    const { spies } = renderWithCurrency(<CurrencyDropdown />);
    await user.click(button());
    await user.click(screen.getByRole('option', { name: '£ GBP' }));
    expect(spies.setCurrency).toHaveBeenCalledWith('GBP');
  });

  describe('opens upward only when the trigger is below the middle of the window', () => {
    const WINDOW_HEIGHT = 800;
    let triggerTop = 0;
    beforeEach(() => {
      vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(WINDOW_HEIGHT);
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
        const top = this.classList.contains('currency-dropdown') ? triggerTop : 0;
        return { top, bottom: top + 44, left: 0, right: 100, width: 100, height: 44, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
      });
    });
    afterEach(() => vi.restoreAllMocks());

    it.each([
      [399, false],
      [400, false],
      [401, true],
    ])('trigger top %i px of 800: upward %s', async (top, upward) => {
      triggerTop = top;
      const user = userEvent.setup();
      const { container } = renderWithCurrency(<CurrencyDropdown />);
      await user.click(button());
      expect(container.querySelector('.currency-switcher')!.classList.contains('currency-switcher--upward')).toBe(upward);
    });

    it('measures again at every opening (the page may have scrolled)', async () => {
      const user = userEvent.setup();
      triggerTop = 600;
      const { container } = renderWithCurrency(<CurrencyDropdown />);
      await user.click(button());
      expect(container.querySelector('.currency-switcher')).toHaveClass('currency-switcher--upward');
      await user.click(button());
      triggerTop = 100;
      await user.click(button());
      expect(container.querySelector('.currency-switcher')).not.toHaveClass('currency-switcher--upward');
    });
  });
});

describe('switching', () => {
  function deferred() {
    let resolve!: (value: unknown) => void;
    let reject!: (reason: unknown) => void;
    const promise = new Promise((yes, no) => {
      resolve = yes;
      reject = no;
    });
    return { promise, resolve, reject };
  }

  it('disables the control with the loading class while the server switches, refreshes the cart, then reloads', async () => {
    const user = userEvent.setup();
    const spies = switchSpies();
    const answer = deferred();
    spies.setCurrency.mockReturnValue(answer.promise);
    const { container } = renderWithCurrency(<CurrencyDropdown />, demoCurrencies(), spies);
    await user.click(button());
    await user.click(screen.getByRole('option', { name: '€ EUR' }));

    expect(spies.setCurrency).toHaveBeenCalledWith('EUR');
    expect(button()).toBeDisabled();
    expect(container.querySelector('.currency-switcher')).toHaveClass('loading');
    expect(screen.getByRole('status')).toHaveTextContent('Changing currency…');
    expect(spies.refreshCart).not.toHaveBeenCalled();
    expect(spies.reload).not.toHaveBeenCalled();

    await act(async () => answer.resolve({ current: 'EUR', previous: 'USD' }));
    await waitFor(() => expect(spies.reload).toHaveBeenCalledTimes(1));
    expect(spies.refreshCart).toHaveBeenCalledTimes(1);
    expect(spies.refreshCart.mock.invocationCallOrder[0]).toBeLessThan(spies.reload.mock.invocationCallOrder[0]!);
    expect(spies.refetchPage).not.toHaveBeenCalled();
    // Stays disabled until the new page replaces this one.
    expect(button()).toBeDisabled();
  });

  it('ignores a failed switch (spec §8): no message, the cart refreshes and the page reloads all the same', async () => {
    const user = userEvent.setup();
    const spies = switchSpies();
    spies.setCurrency.mockRejectedValue(new Error('unsupported_currency'));
    renderWithCurrency(<CurrencyDropdown />, demoCurrencies(), spies);
    await user.click(button());
    await user.click(screen.getByRole('option', { name: '£ GBP' }));
    await waitFor(() => expect(spies.reload).toHaveBeenCalledTimes(1));
    expect(spies.refreshCart).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('with do_not_reload_page fetches the page again instead, then enables the control and gives focus back', async () => {
    const user = userEvent.setup();
    const spies = switchSpies();
    const page = deferred();
    spies.refetchPage.mockReturnValue(page.promise);
    const { container } = renderWithCurrency(<CurrencyDropdown />, demoCurrencies('USD', { do_not_reload_page: true }), spies);
    button().focus();
    await user.keyboard('{Enter}{ArrowDown}{Enter}');
    await waitFor(() => expect(spies.refetchPage).toHaveBeenCalledTimes(1));
    expect(spies.refreshCart).toHaveBeenCalledTimes(1);
    expect(button()).toBeDisabled();
    // jsdom keeps focus on a disabled button; a browser drops it to the body.
    act(() => button().blur());

    await act(async () => page.resolve(undefined));
    expect(button()).toBeEnabled();
    expect(container.querySelector('.currency-switcher')).not.toHaveClass('loading');
    expect(button()).toHaveFocus();
    expect(spies.reload).not.toHaveBeenCalled();
  });

  it('asks once however many times an option is clicked while switching', async () => {
    const spies = switchSpies();
    spies.setCurrency.mockReturnValue(new Promise(() => {}));
    renderWithCurrency(<CurrencyDropdown />, demoCurrencies(), spies);
    fireEvent.click(button());
    fireEvent.click(screen.getByRole('option', { name: '€ EUR' }));
    fireEvent.click(button());
    expect(button()).toBeDisabled();
    expect(spies.setCurrency).toHaveBeenCalledTimes(1);
  });
});
