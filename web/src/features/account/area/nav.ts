//! The account area's pages in WooCommerce's order, with their addresses. The layout's
//! navigation lists them; Log out ends the list.

export type AccountSection = 'dashboard' | 'orders' | 'downloads' | 'edit-address' | 'payment-methods' | 'edit-account' | 'product-images';

export const ACCOUNT_AREA_URL = '/my-account/';

export interface AccountNavEntry {
  section: AccountSection;
  label: string;
  href: string;
}

export const ACCOUNT_NAV: readonly AccountNavEntry[] = [
  { section: 'dashboard', label: 'Dashboard', href: '/my-account/' },
  { section: 'orders', label: 'Orders', href: '/my-account/orders/' },
  { section: 'downloads', label: 'Downloads', href: '/my-account/downloads/' },
  { section: 'edit-address', label: 'Addresses', href: '/my-account/edit-address/' },
  { section: 'payment-methods', label: 'Payment methods', href: '/my-account/payment-methods/' },
  { section: 'edit-account', label: 'Account details', href: '/my-account/edit-account/' },
];

/** My account → Orders, page `page` (WooCommerce pages it as `/my-account/orders/2/`). */
export function ordersUrl(page: number): string {
  return page > 1 ? `/my-account/orders/${page}/` : '/my-account/orders/';
}

export function editAddressUrl(kind: 'billing' | 'shipping'): string {
  return `/my-account/edit-address/${kind}/`;
}
