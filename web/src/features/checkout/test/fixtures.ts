//! Countries and addresses as the server describes them, for the checkout's tests.

import type { AddressValues, CountryRules } from '../address';

export const US: CountryRules = {
  code: 'US',
  name: 'United States (US)',
  states: [
    { code: 'CA', name: 'California' },
    { code: 'NY', name: 'New York' },
    { code: 'NC', name: 'North Carolina' },
  ],
  state_required: true,
  postcode_required: true,
  state_label: 'State',
  postcode_label: 'ZIP Code',
};

export const GB: CountryRules = {
  code: 'GB',
  name: 'United Kingdom (UK)',
  states: [],
  state_required: false,
  postcode_required: true,
  state_label: 'County',
  postcode_label: 'Postcode',
};

export const DE: CountryRules = {
  code: 'DE',
  name: 'Germany',
  states: [],
  state_required: false,
  postcode_required: true,
  state_label: 'State / County',
  postcode_label: 'Postcode / ZIP',
};

export const COUNTRIES: CountryRules[] = [DE, GB, US];

export function usAddress(overrides: Partial<AddressValues> = {}): AddressValues {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    country: 'US',
    address_1: '1 Market Street',
    address_2: '',
    city: 'San Francisco',
    state: 'CA',
    postcode: '94105',
    phone: '+1 415 555 0100',
    email: 'ada@example.com',
    ...overrides,
  };
}
