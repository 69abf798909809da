//! My account → Orders (WooCommerce's `myaccount/orders.php`): the account's orders, ten a
//! page, with Order, Date, Status, Total and Actions (View; Pay and Cancel while an order
//! waits for payment), Previous/Next between pages, and "No order has been made yet." with
//! "Browse products" when there are none.

import { useState } from 'react';
import { Link } from '@/lib/router';
import { ApiError } from '@/lib/api/client';
import type { AccountOrderSummaryView } from '@/lib/api/types';
import { AccountLayout } from './account-layout';
import { formatDate } from './format';
import { LoadState } from './load-state';
import { AREA_MESSAGES as m, STATUS_NAMES } from './messages';
import { ordersUrl } from './nav';
import { useAccountOrders, useCancelOrder } from './queries';

export const SHOP_URL = '/shop/';

export function OrdersPage({ page }: { page: number }) {
  const orders = useAccountOrders(page);
  const cancel = useCancelOrder();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const onCancel = (id: number) => {
    setNotice(null);
    cancel.mutate(id, {
      onSuccess: () => setNotice({ ok: true, text: m.cancelled }),
      onError: (error) => setNotice({ ok: false, text: error instanceof ApiError ? error.message : m.loadFailed }),
    });
  };

  let content;
  if (!orders.data) {
    content = <LoadState loading={m.loadingOrders} failed={orders.isError} onRetry={() => void orders.refetch()} />;
  } else if (orders.data.orders.length === 0 && orders.data.total === 0) {
    content = (
      <div className="woocommerce-message woocommerce-info notice account-area__empty">
        <p>{m.noOrders}</p>
        <Link className="button" to={SHOP_URL}>
          {m.browseProducts}
        </Link>
      </div>
    );
  } else {
    const { pages } = orders.data;
    content = (
      <>
        <OrdersTable orders={orders.data.orders} onCancel={onCancel} cancelling={cancel.isPending ? cancel.variables : null} />
        {pages > 1 && (
          <nav className="woocommerce-pagination account-area__pagination" aria-label={m.ordersPagination}>
            {page > 1 && (
              <Link className="woocommerce-button woocommerce-button--previous button" to={ordersUrl(page - 1)}>
                {m.previous}
              </Link>
            )}
            {page < pages && (
              <Link className="woocommerce-button woocommerce-button--next button" to={ordersUrl(page + 1)}>
                {m.next}
              </Link>
            )}
          </nav>
        )}
      </>
    );
  }

  return (
    <AccountLayout current="orders" title={m.orders}>
      {notice && (
        <p role={notice.ok ? 'status' : 'alert'} className={`notice ${notice.ok ? 'notice--success' : 'notice--error'}`}>
          {notice.text}
        </p>
      )}
      {content}
    </AccountLayout>
  );
}

function OrdersTable({ orders, onCancel, cancelling }: { orders: AccountOrderSummaryView[]; onCancel(id: number): void; cancelling: number | null | undefined }) {
  return (
    <table className="woocommerce-orders-table shop_table shop_table_responsive my_account_orders account-orders">
      <thead>
        <tr>
          <th scope="col">{m.orderColumn}</th>
          <th scope="col">{m.dateColumn}</th>
          <th scope="col">{m.statusColumn}</th>
          <th scope="col">{m.totalColumn}</th>
          <th scope="col">{m.actionsColumn}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id} className={`woocommerce-orders-table__row woocommerce-orders-table__row--status-${order.status}`}>
            <th scope="row" data-title={m.orderColumn}>
              <Link to={order.view_url} aria-label={m.viewOrder(order.id)}>
                {order.number}
              </Link>
            </th>
            <td data-title={m.dateColumn}>
              <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
            </td>
            <td data-title={m.statusColumn}>{STATUS_NAMES[order.status] ?? order.status}</td>
            <td data-title={m.totalColumn}>{m.forItems(order.total.text, order.item_count)}</td>
            <td data-title={m.actionsColumn} className="account-orders__actions">
              {order.pay_url && (
                <a className="woocommerce-button button pay" href={order.pay_url} aria-label={m.payOrder(order.id)}>
                  {m.pay}
                </a>
              )}
              <Link className="woocommerce-button button view" to={order.view_url} aria-label={m.viewOrder(order.id)}>
                {m.view}
              </Link>
              {order.can_cancel && (
                <button
                  type="button"
                  className="woocommerce-button button cancel"
                  aria-label={m.cancelOrder(order.id)}
                  aria-busy={cancelling === order.id || undefined}
                  disabled={cancelling === order.id}
                  onClick={() => onCancel(order.id)}
                >
                  {m.cancel}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
