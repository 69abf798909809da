//! Where the form starts: what this tab kept (sessionStorage), else the signed-in customer's
//! saved addresses, else empty (the only country preselected when the shop sells to one).

import type { AddressView, CheckoutView } from '@/lib/api/types';
import { emptyAddress, type AddressValues, type CountryRules } from './address';
import { emptyForm, type CheckoutForm } from './form';
import type { StoredFields } from './storage';
import { normaliseAddress } from './validation';

function fromView(address: AddressView | null | undefined, fallback: AddressValues): AddressValues {
  if (!address) return fallback;
  const { first_name, last_name, country, address_1, address_2, city, state, postcode, phone, email } = address;
  return { first_name, last_name, country: country || fallback.country, address_1, address_2, city, state, postcode, phone, email };
}

export function initialForm(view: CheckoutView, countries: readonly CountryRules[], stored: StoredFields | null): CheckoutForm {
  const only = countries.length === 1 ? countries[0]!.code : '';
  const base = emptyForm(only);
  const form: CheckoutForm = stored
    ? { ...base, ...stored }
    : {
        ...base,
        billing: fromView(view.customer?.billing, emptyAddress(only)),
        shipping: fromView(view.customer?.shipping, emptyAddress(only)),
      };
  // A stored or saved state may be a name ("California"): the select shows codes.
  return { ...form, billing: normaliseAddress(form.billing, countries), shipping: normaliseAddress(form.shipping, countries) };
}
