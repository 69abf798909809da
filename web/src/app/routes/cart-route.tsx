//! `/cart/`: the cart feature's page with the inline currency switcher.

import { Breadcrumbs } from '@/components/breadcrumbs';
import { CartPage } from '@/features/cart';
import { CartPageCurrency } from '../cart-page-currency';

const CART_CRUMBS = [
  { name: 'Home', url: '/' },
  { name: 'Cart', url: '' },
];

export function CartRoute() {
  return (
    <div className="container cart-route">
      <Breadcrumbs items={CART_CRUMBS} />
      <CartPage />
      <CartPageCurrency />
    </div>
  );
}
