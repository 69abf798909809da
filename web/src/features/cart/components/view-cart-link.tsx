//! The "View cart" link shown after a successful add (never on the cart page), also for forms
//! with their own button, which the app places it after.

import { Link } from '@/lib/router';
import { CART_PAGE_PATH } from '../constants';
import { SHELL_MESSAGES as messages } from '../shell-messages';

export function ViewCartLink() {
  return (
    <Link to={CART_PAGE_PATH} className="added_to_cart wc-forward">
      {messages.viewCart}
    </Link>
  );
}
