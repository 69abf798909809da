//! The address fields of the checkout form (spec §3 "Address fields") and each country's rules
//! for them (`GET /api/v1/checkout/countries`): labels, state lists, what is required.

export const ADDRESS_KEYS = ['first_name', 'last_name', 'country', 'address_1', 'address_2', 'city', 'state', 'postcode', 'phone', 'email'] as const;
export type AddressKey = (typeof ADDRESS_KEYS)[number];

/** The form's values; `full_name` is the shared field set's one-name field (wallets). */
export type AddressValues = Record<AddressKey, string> & { full_name?: string };

export type AddressSection = 'billing' | 'shipping';

/** One country as the server describes it (the shape of its `CountryView`). */
export interface CountryRules {
  code: string;
  name: string;
  states: ReadonlyArray<{ code: string; name: string }>;
  state_required: boolean;
  postcode_required: boolean;
  state_label: string;
  postcode_label: string;
}

export interface FieldSpec {
  key: AddressKey;
  label: string;
  required: boolean;
  autoComplete: string;
  type?: 'text' | 'tel' | 'email';
}

/** The labels a country does not change (ui-contract.md "checkout fields"). */
export const FIXED_LABELS = {
  first_name: 'First name',
  last_name: 'Last name',
  country: 'Country / Region',
  address_1: 'Street address',
  address_2: 'Apartment, suite, unit, etc. (optional)',
  city: 'Town / City',
  phone: 'Phone',
  email: 'Email address',
} as const;
export const DEFAULT_STATE_LABEL = 'State / County';
export const DEFAULT_POSTCODE_LABEL = 'Postcode / ZIP';

export function emptyAddress(country = ''): AddressValues {
  return { first_name: '', last_name: '', country, address_1: '', address_2: '', city: '', state: '', postcode: '', phone: '', email: '' };
}

export function countryOf(countries: readonly CountryRules[], code: string): CountryRules | undefined {
  return countries.find((country) => country.code === code);
}

/**
 * The fields of one section in WooCommerce's order, with the country's labels and rules.
 * Shipping has no phone nor email. Without a known country, state and postcode are optional.
 */
export function addressFields(section: AddressSection, country: CountryRules | undefined): FieldSpec[] {
  const auto = (name: string) => `${section} ${name}`;
  const fields: FieldSpec[] = [
    { key: 'first_name', label: FIXED_LABELS.first_name, required: true, autoComplete: auto('given-name') },
    { key: 'last_name', label: FIXED_LABELS.last_name, required: true, autoComplete: auto('family-name') },
    { key: 'country', label: FIXED_LABELS.country, required: true, autoComplete: auto('country') },
    { key: 'address_1', label: FIXED_LABELS.address_1, required: true, autoComplete: auto('address-line1') },
    { key: 'address_2', label: FIXED_LABELS.address_2, required: false, autoComplete: auto('address-line2') },
    { key: 'city', label: FIXED_LABELS.city, required: true, autoComplete: auto('address-level2') },
    { key: 'state', label: country?.state_label || DEFAULT_STATE_LABEL, required: country?.state_required ?? false, autoComplete: auto('address-level1') },
    { key: 'postcode', label: country?.postcode_label || DEFAULT_POSTCODE_LABEL, required: country?.postcode_required ?? false, autoComplete: auto('postal-code') },
  ];
  if (section === 'billing') {
    fields.push(
      { key: 'phone', label: FIXED_LABELS.phone, required: true, autoComplete: auto('tel'), type: 'tel' },
      { key: 'email', label: FIXED_LABELS.email, required: true, autoComplete: auto('email'), type: 'email' },
    );
  }
  return fields;
}

/** The form's name of a field, as the server's `invalid_field` names it (`billing_postcode`). */
export function fieldName(section: AddressSection, key: AddressKey): string {
  return `${section}_${key}`;
}

/**
 * Changing country re-applies that country's rules (spec §4): a state that is not one of the
 * new country's codes is cleared, so a Californian "CA" never travels to Canada.
 */
export function withCountry(address: AddressValues, code: string, countries: readonly CountryRules[]): AddressValues {
  if (code === address.country) return address;
  const keepsState = countryOf(countries, code)?.states.some((state) => state.code === address.state) ?? false;
  return { ...address, country: code, state: keepsState ? address.state : '' };
}
