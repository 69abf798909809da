import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { demoCurrencies, renderWithCurrency, switchSpies } from '../test/fixtures';
import { CurrencyInline } from './currency-inline';

const block = () => screen.getByRole('region', { name: 'Currency switcher' });

describe('the inline (shortcode) placement', () => {
  it('is a dropdown with the dropdown layout', () => {
    renderWithCurrency(<CurrencyInline />);
    expect(within(block()).getByRole('button', { name: 'Currency: USD' })).toHaveAttribute('aria-haspopup', 'listbox');
  });

  it('is a list of links to this page with ?wmc-currency= (other parameters kept) with the list layout', () => {
    renderWithCurrency(<CurrencyInline />, demoCurrencies('EUR', { layout: 'list' }), switchSpies(), '/shop/?orderby=price');
    const list = within(block()).getByRole('list', { name: 'Currency' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['$ USD', '€ EUR', '£ GBP']);
    expect(within(list).getByRole('link', { name: '£ GBP' })).toHaveAttribute('href', '/shop/?orderby=price&wmc-currency=GBP');
    expect(within(list).getByRole('link', { name: '€ EUR' })).toHaveAttribute('aria-current', 'true');
    expect(within(list).getByRole('link', { name: '$ USD' })).not.toHaveAttribute('aria-current');
  });

  it('a click on a link switches in place and marks the list loading', async () => {
    const user = userEvent.setup();
    const spies = switchSpies();
    spies.setCurrency.mockReturnValue(new Promise(() => {}));
    renderWithCurrency(<CurrencyInline />, demoCurrencies('USD', { layout: 'list' }), spies);
    await user.click(screen.getByRole('link', { name: '£ GBP' }));
    expect(spies.setCurrency).toHaveBeenCalledWith('GBP');
    expect(screen.getByRole('list', { name: 'Currency' })).toHaveClass('loading');
    expect(screen.getByRole('link', { name: '€ EUR' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('link', { name: '€ EUR' }));
    expect(spies.setCurrency).toHaveBeenCalledTimes(1);
  });
});
