//! The "View cart" link shown after a successful add, for forms with their own button (the
//! variable-product form): render it when useAddToCart().showViewCart is true.

import { Link } from 'react-router';
import { CART_PAGE_PATH } from '../constants';
import { messages } from '../messages';

export function ViewCartLink() {
  return (
    <Link to={CART_PAGE_PATH} className="added_to_cart wc-forward">
      {messages.viewCart}
    </Link>
  );
}
