//! The header's cart link; its accessible name is "Cart, N items" (ui-contract). Extra anchor
//! props (the mini cart's toggle: onClick, aria-controls, aria-expanded) are passed through, so
//! a plain click can open the mini cart while a modified click still opens /cart/.

import type { AnchorHTMLAttributes } from 'react';
import { BagIcon } from '../icons';

export function cartLabel(count: number): string {
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

export type CartLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'aria-label' | 'children'> & {
  count: number;
};

export function CartLink({ count, className, ...rest }: CartLinkProps) {
  // A real link to /cart/: new tab, copy link and no-JS all work; a plain click may be taken over.
  return (
    <a {...rest} className={['cart-link', className].filter(Boolean).join(' ')} href="/cart/" aria-label={cartLabel(count)}>
      <BagIcon />
      <span className="cart-link__text" aria-hidden="true">
        Cart
      </span>{' '}
      <span className="cart-link__count" aria-hidden="true">
        {count}
      </span>
    </a>
  );
}
