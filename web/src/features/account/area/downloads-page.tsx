//! My account → Downloads (WooCommerce's `myaccount/downloads.php`): every file of the
//! account's paid orders still downloadable, with the downloads remaining and the expiry;
//! "No downloads available yet." with "Browse products" when there is none.

import { Link } from '@/lib/router';
import { AccountLayout } from './account-layout';
import { formatDate } from './format';
import { LoadState } from './load-state';
import { AREA_MESSAGES as m } from './messages';
import { SHOP_URL } from './orders-page';
import { useAccountDownloads } from './queries';

export function DownloadsPage() {
  const downloads = useAccountDownloads();
  let content;
  if (!downloads.data) {
    content = <LoadState loading={m.loadingDownloads} failed={downloads.isError} onRetry={() => void downloads.refetch()} />;
  } else if (downloads.data.downloads.length === 0) {
    content = (
      <div className="woocommerce-info notice account-area__empty">
        <p>{m.noDownloads}</p>
        <Link className="button" to={SHOP_URL}>
          {m.browseProducts}
        </Link>
      </div>
    );
  } else {
    content = (
      <table className="woocommerce-table--order-downloads shop_table shop_table_responsive account-downloads">
        <thead>
          <tr>
            <th scope="col">{m.productColumn}</th>
            <th scope="col">{m.remainingColumn}</th>
            <th scope="col">{m.expiresColumn}</th>
            <th scope="col">{m.downloadColumn}</th>
          </tr>
        </thead>
        <tbody>
          {downloads.data.downloads.map((d) => (
            <tr key={d.url}>
              <th scope="row" data-title={m.productColumn}>
                {/* One piece, so a phone's stacked row keeps the name beside its order link. */}
                <span>
                  {d.product_name}{' '}
                  <Link className="account-downloads__order" to={d.order_url} aria-label={m.viewOrder(d.order_id)}>
                    #{d.order_id}
                  </Link>
                </span>
              </th>
              <td data-title={m.remainingColumn}>{d.downloads_remaining ?? m.unlimited}</td>
              <td data-title={m.expiresColumn}>{d.expires_at ? <time dateTime={d.expires_at}>{formatDate(d.expires_at)}</time> : m.never}</td>
              <td data-title={m.downloadColumn}>
                <a className="woocommerce-MyAccount-downloads-file button" href={d.url}>
                  {d.name}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <AccountLayout current="downloads" title={m.downloads}>
      {content}
    </AccountLayout>
  );
}
