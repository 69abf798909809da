//! The cart page (/cart/): lines with image, name, chosen attributes, unit price, quantity,
//! subtotal and remove; totals; cross-sells; the empty state with a way back to the shop.
//! Quantity changes apply by themselves after a short pause, or at once with "Update cart".

import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import type { CartView } from '@/lib/api/types';
import { useCart, useCartEnvironment } from '../cart-context';
import { QUANTITY_APPLY_DELAY_MS, SHOP_PAGE_PATH } from '../constants';
import { useQuantityDrafts } from '../hooks/use-quantity-drafts';
import { useRemoveLine } from '../hooks/use-remove-line';
import { messages } from '../messages';
import { CartLineRow } from './cart-line-row';
import { CartTotals } from './cart-totals';
import { CrossSells } from './cross-sells';
import { RewardChoices } from './reward-choice';

const CART_PAGE_TOP_ID = 'cart-page-title';

/** The page title, else the next line's remove control, else "Return to shop". */
function focusTargetAfterRemoval(): HTMLElement | null {
  return document.getElementById(CART_PAGE_TOP_ID) ?? document.querySelector<HTMLElement>('.cart-page .cart-remove, .cart-page .cart-empty a');
}

export interface CartPageProps {
  /** Where "Return to shop" goes (default /shop/). */
  shopUrl?: string;
  /** Render the page's h1 "Cart" (off when the layout already titles the page). */
  showTitle?: boolean;
}

export function CartPage({ shopUrl = SHOP_PAGE_PATH, showTitle = true }: CartPageProps) {
  const { cart, status, error: loadError } = useCart();
  const { store } = useCartEnvironment();

  // The cached copy is fine for the header; the cart page shows what the server says now.
  useEffect(() => store.ensureFresh(), [store]);

  return (
    <div className="cart-page">
      {showTitle && (
        <h1 className="cart-page__title" id={CART_PAGE_TOP_ID} tabIndex={-1}>
          {messages.cartTitle}
        </h1>
      )}
      <RemoveFromAddress />
      {cart === null ? (
        status === 'error' ? (
          <div className="cart-notice cart-notice--error" role="alert">
            <p>
              {messages.loadFailed} {loadError?.message}
            </p>
            <button type="button" className="button" onClick={() => void store.refresh().catch(() => undefined)}>
              {messages.retry}
            </button>
          </div>
        ) : (
          <p className="cart-page__loading" aria-busy="true">
            {messages.loadingCart}
          </p>
        )
      ) : (
        <CartContents cart={cart} shopUrl={shopUrl} />
      )}
    </div>
  );
}

function CartNotices({ cart }: { cart: CartView }) {
  if (cart.notices.length === 0) return null;
  return (
    <ul className="cart-notices">
      {cart.notices.map((notice, index) => (
        <li key={index} className={`cart-notice cart-notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : undefined}>
          {notice.message}
        </li>
      ))}
    </ul>
  );
}

function CartContents({ cart, shopUrl }: { cart: CartView; shopUrl: string }) {
  const { announce } = useCartEnvironment();
  const [error, setError] = useState<string | null>(null);
  const lines = useRemoveLine({ focusTarget: focusTargetAfterRemoval, onStart: () => setError(null) });
  const drafts = useQuantityDrafts(cart.items, {
    delay: QUANTITY_APPLY_DELAY_MS,
    onUpdated: (item, quantity) => announce(quantity === 0 ? messages.removed(item.product_name) : messages.updated),
    onError: (failure) => setError(failure instanceof Error ? failure.message : messages.addFailed),
  });

  if (cart.items.length === 0) {
    return (
      <>
        <CartNotices cart={cart} />
        <div className="cart-empty">
          <p className="cart-empty__message">{messages.emptyCart}</p>
          <p className="cart-empty__actions">
            <Link className="button" to={shopUrl}>
              {messages.returnToShop}
            </Link>
          </p>
        </div>
      </>
    );
  }

  return (
    <>
      <CartNotices cart={cart} />
      {error && (
        <p className="cart-notice cart-notice--error" role="alert">
          {error}
        </p>
      )}
      <form
        className="cart-form"
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          drafts.applyAll();
        }}
      >
        <table className="cart-table shop_table cart">
          <thead>
            <tr>
              <th scope="col" className="cart-table__remove">
                <span className="cart-sr-only">Remove item</span>
              </th>
              <th scope="col" className="cart-table__thumbnail">
                <span className="cart-sr-only">Thumbnail image</span>
              </th>
              <th scope="col">{messages.product}</th>
              <th scope="col">{messages.price}</th>
              <th scope="col">{messages.quantity}</th>
              <th scope="col">{messages.subtotal}</th>
            </tr>
          </thead>
          <tbody>
            {cart.items.map((item) => (
              <CartLineRow
                key={item.key}
                item={item}
                quantity={drafts.valueOf(item)}
                onQuantity={(quantity) => drafts.change(item.key, quantity)}
                onRemove={(href) => lines.remove(item, href)}
                removing={lines.isRemoving(item.key)}
                busy={lines.isRemoving(item.key) || drafts.isPending(item.key)}
              />
            ))}
          </tbody>
        </table>
        <div className="cart-form__actions">
          <button type="submit" className="button" name="update_cart" disabled={!drafts.dirty}>
            {messages.updateCart}
          </button>
        </div>
      </form>
      <RewardChoices cart={cart} />
      <div className="cart-collaterals">
        <CrossSells products={cart.cross_sells} />
        <CartTotals cart={cart} />
      </div>
    </>
  );
}

/**
 * `/cart/?remove_item={key}`: the remove link's own address (where a failed ajax removal sends
 * the browser) removes the line once, then drops the parameter; a second failure is reported.
 */
function RemoveFromAddress() {
  const [params, setParams] = useSearchParams();
  const { store, announce } = useCartEnvironment();
  const handled = useRef<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = params.get('remove_item');

  useEffect(() => {
    if (!key || handled.current === key) return;
    handled.current = key;
    const name = store.getState().cart?.items.find((item) => item.key === key)?.product_name;
    store
      .remove(key)
      .then(
        () => announce(messages.removed(name ?? 'Item')),
        (failure: unknown) => setError(failure instanceof Error ? failure.message : messages.removeFailed),
      )
      .finally(() =>
        setParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            next.delete('remove_item');
            return next;
          },
          { replace: true },
        ),
      );
  }, [key, store, announce, setParams]);

  return error ? (
    <p className="cart-notice cart-notice--error" role="alert">
      {error}
    </p>
  ) : null;
}
