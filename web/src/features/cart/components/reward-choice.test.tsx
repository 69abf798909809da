import { screen, waitFor, within } from '@testing-library/react';
import { money } from '@/lib/api/fixtures/money';
import type { CartView, RewardOfferView } from '@/lib/api/types';
import { BEANIE, CAP, cartItem, cartOf, HOODIE } from '../test/fixtures';
import { FakeCartServer } from '../test/fake-server';
import { renderWithCart } from '../test/render';
import { CartPage } from './cart-page';

const TITLE = 'Buy 2 Hoodies, get a beanie or a cap free';

function offer(chosen: number | null): RewardOfferView {
  return {
    rule_unique_id: 'hoodie-gift',
    title: TITLE,
    options: [
      { product_id: BEANIE.id, parent_id: 0, name: 'Beanie', price: money(1800), chosen: chosen === BEANIE.id },
      { product_id: 90, parent_id: 45, name: 'Cap - Blue', price: money(1600), chosen: chosen === 90 },
    ],
  };
}

/** Two hoodies (and, once picked, the free cap) as the server prices them. */
function cartWith(chosen: number | null): CartView {
  const items = [cartItem(HOODIE, 2)];
  if (chosen === 90) items.push({ ...cartItem(CAP, 1), variation_id: 90, unit_price: money(0), line_total: money(0) });
  return cartOf(items, { reward_offers: [offer(chosen)] });
}

function renderOffer() {
  const server = new FakeCartServer([HOODIE, BEANIE, CAP], [[HOODIE, 2]]);
  // The cart page refreshes the cart once: that answer carries the offer.
  server.failNext('GET', { status: 200, body: { cart: cartWith(null) } });
  const view = renderWithCart(<CartPage />, server, { cached: cartWith(null), path: '/cart/' });
  return { server, ...view };
}

describe('Choose your free item', () => {
  it('offers each item the free item can be, struck price and "Free", in a named group', async () => {
    renderOffer();
    const group = await screen.findByRole('group', { name: `Choose your free item: ${TITLE}` });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(['Beanie $18.00 Free', 'Cap - Blue $16.00 Free']);
    expect(radios.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
    expect(group).toHaveAccessibleDescription('Pick the item you get for free; it is added to your cart.');
  });

  it('a pick is sent as the offer, the item and its parent, and the server\'s cart is shown', async () => {
    const { server, user } = renderOffer();
    const group = await screen.findByRole('group', { name: `Choose your free item: ${TITLE}` });
    server.failNext('POST', { status: 200, body: { cart: cartWith(90) } });
    await user.click(within(group).getByRole('radio', { name: /Cap - Blue/ }));
    await waitFor(() => expect(within(group).getByRole('radio', { name: /Cap - Blue/ })).toBeChecked());
    const pick = server.requests.find((r) => r.method === 'POST');
    expect(pick).toEqual({ method: 'POST', path: '/api/v1/cart/reward', body: { rule_unique_id: 'hoodie-gift', product_id: 90, parent_id: 45 } });
    expect(group).toHaveAccessibleDescription('Your free item: Cap - Blue.');
    expect(screen.getByRole('link', { name: 'Cap' }).closest('tr')).toHaveTextContent('$0.00');
  });

  it('a refused pick says so and leaves the choice as it was', async () => {
    const { server, user } = renderOffer();
    const group = await screen.findByRole('group', { name: `Choose your free item: ${TITLE}` });
    server.failNext('POST', { status: 400, body: { code: 'invalid_parameter', message: 'That item is not one of this offer\'s free items.', field: 'product_id' } });
    await user.click(within(group).getByRole('radio', { name: /Beanie/ }));
    expect(await within(group).findByRole('alert')).toHaveTextContent("That item is not one of this offer's free items.");
    expect(within(group).getByRole('radio', { name: /Beanie/ })).not.toBeChecked();
  });

  it('keeps the picked radio checked and focused while the server answers, and after', async () => {
    const { server, user } = renderOffer();
    const group = await screen.findByRole('group', { name: `Choose your free item: ${TITLE}` });
    server.hold();
    const cap = within(group).getByRole('radio', { name: /Cap - Blue/ });
    await user.click(cap);
    // Not disabled while busy: the radio keeps focus (a disabled control drops it).
    expect(cap).toBeChecked();
    expect(cap).toHaveFocus();
    expect(cap).toBeEnabled();
    expect(group).toHaveAttribute('aria-busy', 'true');
    await server.releaseNext({ status: 200, body: { cart: cartWith(90) } });
    await waitFor(() => expect(group).not.toHaveAttribute('aria-busy'));
    expect(within(group).getByRole('radio', { name: /Cap - Blue/ })).toBeChecked();
    expect(within(group).getByRole('radio', { name: /Cap - Blue/ })).toHaveFocus();
  });

  it('the arrow keys move the pick (APG radio group), the last one wins', async () => {
    const { server, user } = renderOffer();
    const group = await screen.findByRole('group', { name: `Choose your free item: ${TITLE}` });
    server.failNext('POST', { status: 200, body: { cart: cartWith(BEANIE.id) } });
    server.failNext('POST', { status: 200, body: { cart: cartWith(90) } });
    await user.click(within(group).getByRole('radio', { name: /Beanie/ }));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(group).toHaveAccessibleDescription('Your free item: Cap - Blue.'));
    expect(within(group).getByRole('radio', { name: /Cap - Blue/ })).toBeChecked();
    expect(within(group).getByRole('radio', { name: /Cap - Blue/ })).toHaveFocus();
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => (r.body as { product_id: number }).product_id)).toEqual([BEANIE.id, 90]);
  });

  it('shows nothing when the cart qualifies for no offer', () => {
    const server = new FakeCartServer([HOODIE], [[HOODIE, 1]]);
    renderWithCart(<CartPage />, server, { cached: server.cart(), path: '/cart/' });
    expect(screen.queryByRole('group', { name: /Choose your free item/ })).toBeNull();
  });
});
