//! The checkout form's values as one object: what is kept in sessionStorage, validated, and
//! sent (with the card's payment method) to `POST /api/v1/checkout`.

import { emptyAddress, type AddressValues } from './address';

export interface CheckoutForm {
  billing: AddressValues;
  shipping: AddressValues;
  ship_to_different_address: boolean;
  order_comments: string;
  /** A rate id from the review (`flat_rate:1`); null until the server offers one. */
  shipping_method: string | null;
  terms: boolean;
  create_account: boolean;
  account_password: string;
}

export function emptyForm(defaultCountry = ''): CheckoutForm {
  return {
    billing: emptyAddress(defaultCountry),
    shipping: emptyAddress(defaultCountry),
    ship_to_different_address: false,
    order_comments: '',
    shipping_method: null,
    terms: false,
    create_account: false,
    account_password: '',
  };
}
