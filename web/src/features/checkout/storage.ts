//! The checkout fields in sessionStorage under one key (spec §3 "Address fields"), so a reload
//! or a trip to the cart and back keeps what the shopper typed. The password and the terms box
//! are never stored: a password has no business in storage, and consent to the terms is given
//! for one order.

import { ADDRESS_KEYS, emptyAddress, type AddressValues } from './address';
import { CHECKOUT_FIELDS_KEY } from './constants';
import { emptyForm, type CheckoutForm } from './form';

export type StoredFields = Omit<CheckoutForm, 'terms' | 'account_password'>;

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Storage blocked (privacy settings): the form simply starts empty.
    return null;
  }
}

function readAddress(value: unknown): AddressValues {
  const address = emptyAddress();
  if (typeof value !== 'object' || value === null) return address;
  const source = value as Record<string, unknown>;
  for (const key of ADDRESS_KEYS) {
    if (typeof source[key] === 'string') address[key] = source[key];
  }
  return address;
}

/** The stored fields over an empty form; anything missing or of the wrong type is left empty. */
export function loadFields(storage: Storage | null = session()): StoredFields | null {
  let raw: string | null;
  try {
    raw = storage?.getItem(CHECKOUT_FIELDS_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const value = parsed as Record<string, unknown>;
  const base = emptyForm();
  return {
    billing: readAddress(value.billing),
    shipping: readAddress(value.shipping),
    ship_to_different_address: value.ship_to_different_address === true,
    order_comments: typeof value.order_comments === 'string' ? value.order_comments : base.order_comments,
    shipping_method: typeof value.shipping_method === 'string' ? value.shipping_method : null,
    create_account: value.create_account === true,
  };
}

export function saveFields(form: CheckoutForm, storage: Storage | null = session()): void {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { terms, account_password, ...kept } = form;
  try {
    storage?.setItem(CHECKOUT_FIELDS_KEY, JSON.stringify(kept satisfies StoredFields));
  } catch {
    // Full or blocked storage: the form works, it is only not kept.
  }
}

/** After the order is placed: the next checkout starts from the account's addresses again. */
export function clearFields(storage: Storage | null = session()): void {
  try {
    storage?.removeItem(CHECKOUT_FIELDS_KEY);
  } catch {
    // Nothing to do.
  }
}
