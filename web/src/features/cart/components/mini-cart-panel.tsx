//! The mini cart's panel (a chunk of its own, loaded when the mini cart first opens): the lines
//! with their removal and quantities, the totals and the links to the cart and checkout; it
//! closes itself after 5000 ms unless hovered or focused, and Escape closes it.

import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '@/lib/router';
import { CloseIcon } from '@/components/icons';
import { ProductImage } from '@/components/product-image';
import { isRefusal } from '@/lib/api/client';
import { useCart, useCartEnvironment, useMiniCart } from '../cart-context';
import { CART_PAGE_PATH, CHECKOUT_PAGE_PATH, MINI_CART_AUTO_CLOSE_MS, QUANTITY_APPLY_DELAY_MS } from '../constants';
import { useAutoClose } from '../hooks/use-auto-close';
import { useQuantityDrafts } from '../hooks/use-quantity-drafts';
import { useRemoveLine } from '../hooks/use-remove-line';
import { messages } from '../messages';
import { BlockOverlay } from './block-overlay';
import { CartDiscountRows, ItemAttributes, LinePrice, LineQuantity, RemoveLink } from './line-parts';

export function MiniCartPanel({ headingId }: { headingId: string }) {
  const { cart } = useCart();
  const { navigate } = useCartEnvironment();
  const { autoClose, focusOnOpen, openCount, close } = useMiniCart();
  const panel = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lines = useRemoveLine({ focusTarget: () => heading.current, onStart: () => setError(null) });

  useAutoClose({ active: autoClose, paused: hovered || focused, delay: MINI_CART_AUTO_CLOSE_MS, restartKey: openCount, onClose: close });

  useEffect(() => {
    if (!focusOnOpen) return;
    returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    heading.current?.focus();
  }, [focusOnOpen, openCount]);

  /** Closing from inside hands focus back to where the shopper was. */
  const closeFromInside = useCallback(() => {
    if (panel.current?.contains(document.activeElement)) returnFocusTo.current?.focus();
    close();
  }, [close]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) closeFromInside();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [closeFromInside]);

  const items = cart?.items ?? [];
  const drafts = useQuantityDrafts(items, {
    delay: QUANTITY_APPLY_DELAY_MS,
    onError: (failure) => {
      // A refusal leaves the cart as it was and says why; anything else: the cart page knows.
      if (isRefusal(failure)) setError(failure.message);
      else navigate(CART_PAGE_PATH);
    },
  });

  return (
    <div
      ref={panel}
      className="mini-cart__panel"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="mini-cart__header">
        <h2 id={headingId} className="mini-cart__title" ref={heading} tabIndex={-1}>
          {messages.miniCartHeading}
        </h2>
        <button type="button" className="mini-cart__close" aria-label={messages.closeMiniCart} onClick={closeFromInside}>
          <CloseIcon />
        </button>
      </div>
      {error && (
        <p className="cart-notice cart-notice--error" role="alert">
          {error}
        </p>
      )}
      {cart === null ? (
        <p className="mini-cart__empty">{messages.loadingCart}</p>
      ) : items.length === 0 ? (
        <p className="mini-cart__empty">{messages.miniCartEmpty}</p>
      ) : (
        <>
          <ul className="mini-cart__items">
            {items.map((item) => {
              const busy = lines.isRemoving(item.key) || drafts.isPending(item.key);
              return (
                <li key={item.key} className="mini-cart__item" aria-busy={busy || undefined}>
                  <RemoveLink item={item} onRemove={(href) => lines.remove(item, href)} className="mini-cart__remove" />
                  <Link to={item.url} className="mini-cart__product" onClick={close}>
                    {item.image && <ProductImage image={item.image} alt="" className="mini-cart__image" sizes="64px" />}
                    <span className="mini-cart__name">{item.product_name}</span>
                  </Link>
                  <ItemAttributes item={item} />
                  <div className="mini-cart__quantity">
                    <LineQuantity
                      item={item}
                      label={messages.numberOf(item.product_name)}
                      value={drafts.valueOf(item)}
                      onChange={(quantity) => drafts.change(item.key, quantity)}
                      disabled={lines.isRemoving(item.key)}
                    />
                    <span className="mini-cart__price">
                      <span aria-hidden="true">× </span>
                      <LinePrice item={item} />
                    </span>
                  </div>
                  <BlockOverlay active={busy} />
                </li>
              );
            })}
          </ul>
          <p className="mini-cart__subtotal">
            <strong>{messages.subtotal}:</strong> <span data-testid="mini-cart-subtotal">{cart.subtotal.text}</span>
          </p>
          <CartDiscountRows cart={cart} variant="mini" />
          {cart.discounts.length > 0 && (
            <p className="mini-cart__total">
              <strong>{messages.total}:</strong> <span data-testid="mini-cart-total">{cart.total.text}</span>
            </p>
          )}
        </>
      )}
      <p className="mini-cart__buttons">
        <Link to={CART_PAGE_PATH} className="button mini-cart__view" onClick={close}>
          {messages.goToCart}
        </Link>
        <a href={CHECKOUT_PAGE_PATH} className="button button--primary mini-cart__checkout">
          {messages.checkout}
        </a>
      </p>
    </div>
  );
}
