//! What the address edit form needs from the checkout (the app hands it in): the address
//! fields with each country's rules, and the same checks the checkout form runs.

import type { ComponentType } from 'react';
import type { CountryOptionView } from '@/lib/api/types';

export type AddressFormKey = 'first_name' | 'last_name' | 'country' | 'address_1' | 'address_2' | 'city' | 'state' | 'postcode' | 'phone' | 'email';
export type AddressFormValues = Record<AddressFormKey, string>;
export type AddressFormSection = 'billing' | 'shipping';

export interface AddressFieldsComponentProps {
  section: AddressFormSection;
  value: AddressFormValues;
  countries: readonly CountryOptionView[];
  /** By form field name (`billing_postcode`). */
  errors: ReadonlyMap<string, string>;
  onChange(next: AddressFormValues): void;
  disabled?: boolean;
}

export interface AddressFormPort {
  Fields: ComponentType<AddressFieldsComponentProps>;
  /** The fields at fault, in the form's order (`field` is the form's name). */
  validate(section: AddressFormSection, value: AddressFormValues, countries: readonly CountryOptionView[]): ReadonlyArray<{ field: string; message: string }>;
  /** A state name matched to its code, a full name split (as the checkout does). */
  normalise(value: AddressFormValues, countries: readonly CountryOptionView[]): AddressFormValues;
  empty(country?: string): AddressFormValues;
}
