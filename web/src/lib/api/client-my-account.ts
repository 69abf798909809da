//! My account's calls (issue 15): the signed-in account's orders, one order, cancelling an
//! unpaid one, downloads and saved addresses. All go through the account's request (auth.ts):
//! the session's nonce travels with each.

import type { Http } from './http';
import type { AccountAddressesResponse, AccountDownloadsResponse, AccountOrderResponse, AccountOrdersResponse, AddressFields, AddressKindParam } from './types';

export interface MyAccountApi {
  /** GET /account/orders?page=: ten a page, newest first. */
  orders(page: number, signal?: AbortSignal): Promise<AccountOrdersResponse>;
  /** GET /account/orders/{id}: 404 `order_not_found` for any order not the account's. */
  order(id: number, signal?: AbortSignal): Promise<AccountOrderResponse>;
  /** POST /account/orders/{id}/cancel: pending or failed orders; the stock goes back. */
  cancel(id: number): Promise<AccountOrderResponse>;
  /** GET /account/downloads: the links still usable. */
  downloads(signal?: AbortSignal): Promise<AccountDownloadsResponse>;
  /** GET /account/addresses. */
  addresses(signal?: AbortSignal): Promise<AccountAddressesResponse>;
  /** PUT /account/addresses/{kind}: 400 `invalid_field` names the first field at fault. */
  saveAddress(kind: AddressKindParam, body: AddressFields): Promise<AccountAddressesResponse>;
}

export function createMyAccountApi(request: Http): { myAccount: MyAccountApi } {
  return {
    myAccount: {
      orders: (page, signal) => request('GET', '/api/v1/account/orders', { query: { page }, signal }),
      order: (id, signal) => request('GET', '/api/v1/account/orders/{id}', { path: { id }, signal }),
      cancel: (id) => request('POST', '/api/v1/account/orders/{id}/cancel', { path: { id } }),
      downloads: (signal) => request('GET', '/api/v1/account/downloads', { signal }),
      addresses: (signal) => request('GET', '/api/v1/account/addresses', { signal }),
      saveAddress: (kind, body) => request('PUT', '/api/v1/account/addresses/{kind}', { path: { kind }, body }),
    },
  };
}
