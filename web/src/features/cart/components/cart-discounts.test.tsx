import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@/lib/router/testing';
import { money } from '@/lib/api/fixtures/money';
import type { CartView } from '@/lib/api/types';
import { useMiniCartToggleProps } from '../cart-context';
import { BEANIE, cartItem, cartOf, HOODIE } from '../test/fixtures';
import { FakeCartServer } from '../test/fake-server';
import { renderWithCart } from '../test/render';
import { CartLineRow } from './cart-line-row';
import { CartTotals } from './cart-totals';
import { MiniCart } from './mini-cart';

/** Three beanies at 10 % off ($18.00 → $16.20) and a $5.00 cart discount, as the server prices them. */
function discountedCart(): CartView {
  const beanies = { ...cartItem(BEANIE, 3), unit_price: money(1620), line_total: money(4860), regular_price: money(1800) };
  const hoodie = { ...cartItem(HOODIE, 1), regular_price: money(4500) };
  return cartOf([beanies, hoodie], {
    subtotal: money(9360),
    total: money(8860),
    discount_total: money(500),
    discounts: [{ rule_id: 'spend-50', title: 'Spend $50, save $5', amount: money(500) }],
    free_shipping: false,
    currency: 'USD',
  });
}

function renderRow(item: CartView['items'][number]) {
  return render(
    <MemoryRouter>
      <table>
        <tbody>
          <CartLineRow item={item} quantity={item.quantity} onQuantity={() => {}} onRemove={() => {}} removing={false} busy={false} />
        </tbody>
      </table>
    </MemoryRouter>,
  );
}

describe('discounts in the cart', () => {
  it('a discounted line shows its regular unit price struck through before the discounted one', () => {
    renderRow(discountedCart().items[0]!);
    const price = screen.getByRole('cell', { name: /\$16\.20/ });
    expect(price.querySelector('del')).toHaveTextContent('$18.00');
    expect(price.querySelector('ins')).toHaveTextContent('$16.20');
    expect(price).toHaveTextContent('Original price was: $18.00 Current price is: $16.20');
    expect(screen.getByRole('cell', { name: '$48.60' })).toBeInTheDocument();
  });

  it('an undiscounted line shows its price once', () => {
    renderRow(discountedCart().items[1]!);
    const price = screen.getAllByRole('cell', { name: '$45.00' })[0]!;
    expect(price.querySelector('del')).toBeNull();
  });

  it('"Cart totals" lists each cart discount (title, minus the amount) between subtotal and total, as the server sent them', () => {
    render(<CartTotals cart={discountedCart()} />);
    const totals = within(screen.getByRole('region', { name: 'Cart totals' }));
    const rows = totals.getAllByRole('row').map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]);
    expect(rows).toEqual([
      ['Subtotal', '$93.60'],
      ['Spend $50, save $5', '−$5.00'],
      ['Total', '$88.60'],
    ]);
  });

  it('a cart without discounts has subtotal and total only', () => {
    render(<CartTotals cart={cartOf([cartItem(HOODIE, 1)])} />);
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('the mini cart shows struck prices, the discount lines and then the total', async () => {
    function Opener() {
      return (
        <a href="/cart/" {...useMiniCartToggleProps()}>
          Cart
        </a>
      );
    }
    const cart = discountedCart();
    const server = new FakeCartServer([HOODIE, BEANIE]);
    const { user } = renderWithCart(
      <>
        <Opener />
        <MiniCart />
      </>,
      server,
      { cached: cart },
    );
    await user.click(screen.getByRole('link', { name: 'Cart' }));
    const panel = within(screen.getByRole('region', { name: 'Mini cart' }));
    const beanie = panel.getAllByRole('listitem')[0]!;
    expect(beanie.querySelector('del')).toHaveTextContent('$18.00');
    expect(beanie.querySelector('ins')).toHaveTextContent('$16.20');
    expect(panel.getByTestId('mini-cart-subtotal')).toHaveTextContent('$93.60');
    expect(panel.getByText('Spend $50, save $5:').parentElement).toHaveTextContent('Spend $50, save $5: −$5.00');
    expect(panel.getByTestId('mini-cart-total')).toHaveTextContent('$88.60');
    expect(server.requests).toEqual([]);
  });
});
