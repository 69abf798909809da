//! My account → Addresses (WooCommerce's `myaccount/my-address.php`): the billing and the
//! shipping address checkout uses by default, each with "Edit …" (or "Add …").

import { useId } from 'react';
import { Link, useLocation } from '@/lib/router';
import type { AddressView } from '@/lib/api/types';
import { AccountLayout } from './account-layout';
import { addressLines } from './format';
import { LoadState } from './load-state';
import { AREA_MESSAGES as m } from './messages';
import { editAddressUrl } from './nav';
import { useAccountAddresses, useCountryName } from './queries';

/** The notice an address save leaves for this page (router state). */
export interface AddressesNotice {
  notice?: string;
}

export function AddressesPage() {
  const addresses = useAccountAddresses();
  const { countryName } = useCountryName();
  const notice = (useLocation().state as AddressesNotice | null)?.notice;
  return (
    <AccountLayout current="edit-address" title={m.addresses}>
      {notice && (
        <p role="status" className="notice notice--success">
          {notice}
        </p>
      )}
      {addresses.data ? (
        <>
          <p>{m.addressesIntro}</p>
          <div className="woocommerce-Addresses account-addresses">
            <AddressColumn kind="billing" title={m.billingAddress} address={addresses.data.billing} countryName={countryName} />
            <AddressColumn kind="shipping" title={m.shippingAddress} address={addresses.data.shipping} countryName={countryName} />
          </div>
        </>
      ) : (
        <LoadState loading={m.loadingAddresses} failed={addresses.isError} onRetry={() => void addresses.refetch()} />
      )}
    </AccountLayout>
  );
}

function AddressColumn({ kind, title, address, countryName }: { kind: 'billing' | 'shipping'; title: string; address: AddressView | null; countryName(code: string): string }) {
  const id = useId();
  return (
    <section className={`woocommerce-Address account-addresses__column account-addresses__column--${kind}`} aria-labelledby={id}>
      <header className="woocommerce-Address-title title">
        <h2 id={id}>{title}</h2>
        <Link className="edit" to={editAddressUrl(kind)}>
          {address ? m.edit(title) : m.add(title)}
        </Link>
      </header>
      {address ? (
        <address>
          {addressLines(address, countryName).map((line, index) => (
            <span key={index} className="order-address__line">
              {line}
            </span>
          ))}
          {address.phone && <span className="order-address__line">{address.phone}</span>}
          {address.email && <span className="order-address__line">{address.email}</span>}
        </address>
      ) : (
        <p>{m.noAddress}</p>
      )}
    </section>
  );
}
