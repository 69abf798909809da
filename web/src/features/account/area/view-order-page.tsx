//! My account → View order (WooCommerce's `myaccount/view-order.php`): "Order #N was placed
//! on DATE and is currently STATUS.", Pay and Cancel while it waits for payment, then the
//! order's downloads, details and addresses — drawn by what the app hands in (the orders
//! feature's sections). Any order that is not the account's is "Invalid order." (404).

import { useState, type ReactNode } from 'react';
import { ApiError } from '@/lib/api/client';
import type { OrderView } from '@/lib/api/types';
import { AccountLayout } from './account-layout';
import { formatDate } from './format';
import { LoadState } from './load-state';
import { AREA_MESSAGES as m, STATUS_NAMES } from './messages';
import { useAccountOrder, useCancelOrder } from './queries';

export interface ViewOrderPageProps {
  orderId: number;
  /** The order's downloads, details table (with the payment method) and addresses. */
  renderOrder(order: OrderView): ReactNode;
}

export function ViewOrderPage({ orderId, renderOrder }: ViewOrderPageProps) {
  const found = useAccountOrder(orderId);
  const cancel = useCancelOrder();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const missing = found.error instanceof ApiError && found.error.status === 404;

  let content: ReactNode;
  if (missing) {
    content = (
      <p role="alert" className="woocommerce-error notice notice--error">
        {m.invalidOrder}
      </p>
    );
  } else if (!found.data) {
    content = <LoadState loading={m.loadingOrder} failed={found.isError} onRetry={() => void found.refetch()} />;
  } else {
    const { order, can_cancel } = found.data;
    const onCancel = () =>
      cancel.mutate(order.id, {
        onSuccess: () => setNotice({ ok: true, text: m.cancelled }),
        onError: (error) => setNotice({ ok: false, text: error instanceof ApiError ? error.message : m.loadFailed }),
      });
    content = (
      <>
        <p className="account-order__summary">
          {m.placedOn(order.id)}
          <mark className="order-date">{formatDate(order.created_at)}</mark>
          {m.currently}
          <mark className="order-status">{STATUS_NAMES[order.status] ?? order.status}</mark>.
        </p>
        {(order.pay_url || can_cancel) && (
          <p className="order-again account-order__actions">
            {order.pay_url && (
              <a className="button pay" href={order.pay_url}>
                {m.pay}
              </a>
            )}
            {can_cancel && (
              <button type="button" className="button cancel" aria-busy={cancel.isPending || undefined} disabled={cancel.isPending} onClick={onCancel}>
                {m.cancel}
              </button>
            )}
          </p>
        )}
        {renderOrder(order)}
      </>
    );
  }

  return (
    <AccountLayout current="orders" title={m.orderTitle(orderId)}>
      {notice && (
        <p role={notice.ok ? 'status' : 'alert'} className={`notice ${notice.ok ? 'notice--success' : 'notice--error'}`}>
          {notice.text}
        </p>
      )}
      {content}
    </AccountLayout>
  );
}
