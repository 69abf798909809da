//! Dates and addresses as the account pages write them.

import type { AddressView } from '@/lib/api/types';

/** WooCommerce's date format ("November 25, 2026"), in UTC like the order's stored time. */
export function formatDate(iso: string, locale = 'en-US'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);
}

/** An address's lines as WooCommerce's formatted address shows them. */
export function addressLines(address: AddressView, countryName: (code: string) => string): string[] {
  return [
    `${address.first_name} ${address.last_name}`.trim(),
    address.company,
    address.address_1,
    address.address_2,
    [address.city, address.state, address.postcode].filter(Boolean).join(' '),
    countryName(address.country),
  ].filter(Boolean);
}
