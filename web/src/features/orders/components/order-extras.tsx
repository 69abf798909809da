//! The order's downloads (once paid) and its addresses, as the order-received page lists them.

import { useId } from 'react';
import type { AddressView, DownloadView } from '@/lib/api/types';
import { messages } from '../messages';

export function OrderDownloads({ downloads, formatDate }: { downloads: DownloadView[]; formatDate(iso: string): string }) {
  const id = useId();
  if (downloads.length === 0) return null;
  return (
    <section className="woocommerce-order-downloads" aria-labelledby={id}>
      <h2 id={id}>{messages.downloads}</h2>
      <table className="woocommerce-table shop_table order_details">
        <thead>
          <tr>
            <th scope="col">{messages.product}</th>
            <th scope="col">{messages.remaining}</th>
            <th scope="col">{messages.expires}</th>
            <th scope="col">{messages.download}</th>
          </tr>
        </thead>
        <tbody>
          {downloads.map((download) => (
            <tr key={download.url}>
              <td data-title={messages.product}>{download.product_name}</td>
              <td data-title={messages.remaining}>{download.downloads_remaining ?? messages.unlimited}</td>
              <td data-title={messages.expires}>{download.expires_at ? formatDate(download.expires_at) : messages.never}</td>
              <td data-title={messages.download}>
                <a className="woocommerce-MyAccount-downloads-file button" href={download.url}>
                  {download.name}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function AddressBlock({ title, address, countryName }: { title: string; address: AddressView; countryName(code: string): string }) {
  const id = useId();
  const lines = [
    `${address.first_name} ${address.last_name}`.trim(),
    address.company,
    address.address_1,
    address.address_2,
    [address.city, address.state, address.postcode].filter(Boolean).join(' '),
    countryName(address.country),
  ].filter(Boolean);
  return (
    <section className="woocommerce-column order-address" aria-labelledby={id}>
      <h2 id={id} className="woocommerce-column__title">
        {title}
      </h2>
      <address>
        {lines.map((line, index) => (
          <span key={index} className="order-address__line">
            {line}
          </span>
        ))}
        {address.phone && <span className="order-address__line woocommerce-customer-details--phone">{address.phone}</span>}
        {address.email && <span className="order-address__line woocommerce-customer-details--email">{address.email}</span>}
      </address>
    </section>
  );
}
