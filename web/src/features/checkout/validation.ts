//! Spec §5 "Provider checkout", "Field validity", state-name matching and the full-name split:
//! checked in the browser before any request, listed at the top of the form and next to each
//! field. The server checks everything again (`invalid_field`).

import { addressFields, countryOf, fieldName, type AddressSection, type AddressValues, type CountryRules } from './address';
import { COUNTRY_CODE_LENGTH } from './constants';
import type { CheckoutForm } from './form';
import { messages } from './messages';

export interface FieldError {
  /** The form's field name (`billing_first_name`, `terms`, `account_password`, `card`). */
  field: string;
  message: string;
  /** Card errors: the card field the provider named (`number`, `exp_month`, `cvc`). */
  param?: string;
}

/** Spec §5: a field is empty when missing, null or only blanks. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Spec §5: a state value longer than 2 characters is a name: uppercased and matched against
 * the country's state list to get its code. Anything else is returned as it is.
 */
export function matchStateCode(value: string, country: CountryRules | undefined): string {
  const trimmed = value.trim();
  if (!country) return value;
  const upper = trimmed.toUpperCase();
  // A code typed in lower case is the code (the server accepts it the same way).
  if (trimmed.length <= COUNTRY_CODE_LENGTH) return country.states.find((state) => state.code === upper)?.code ?? value;
  return country.states.find((state) => state.name.toUpperCase() === upper)?.code ?? value;
}

/** Spec §5: the last word is the last name, the rest the first name. */
export function splitFullName(fullName: string): { first_name: string; last_name: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { first_name: '', last_name: '' };
  const last = words.pop()!;
  return { first_name: words.join(' '), last_name: last };
}

/** The address as it is checked and sent: a one-name value split, a state name turned into its code. */
export function normaliseAddress(address: AddressValues, countries: readonly CountryRules[]): AddressValues {
  let next = { ...address };
  if (isBlank(next.first_name) && isBlank(next.last_name) && !isBlank(next.full_name)) {
    next = { ...next, ...splitFullName(next.full_name ?? '') };
  }
  return { ...next, state: matchStateCode(next.state, countryOf(countries, next.country)) };
}

const SECTION_NAME: Record<AddressSection, string> = { billing: messages.billing, shipping: messages.shippingSection };

/** One section's errors: every required visible field non-empty, the country 2 letters, a state from the list. */
export function validateAddress(section: AddressSection, address: AddressValues, countries: readonly CountryRules[]): FieldError[] {
  const country = countryOf(countries, address.country);
  const errors: FieldError[] = [];
  for (const spec of addressFields(section, country)) {
    const value = address[spec.key];
    const field = fieldName(section, spec.key);
    if (spec.key === 'country') {
      if (isBlank(value)) errors.push({ field, message: messages.required(SECTION_NAME[section], spec.label) });
      else if (value.trim().length !== COUNTRY_CODE_LENGTH) errors.push({ field, message: messages.invalidCountry(value.trim()) });
      continue;
    }
    if (spec.required && isBlank(value)) {
      errors.push({ field, message: messages.required(SECTION_NAME[section], spec.label) });
      continue;
    }
    if (spec.key === 'state' && !isBlank(value) && country && country.states.length > 0 && !country.states.some((state) => state.code === value)) {
      errors.push({ field, message: messages.invalidState(SECTION_NAME[section], spec.label, country.states.map((state) => state.name)) });
    }
  }
  return errors;
}

export interface CheckoutRules {
  countries: readonly CountryRules[];
  /** The terms checkbox is shown (the checkout answer has `terms_url`). */
  termsShown: boolean;
  /** The cart needs shipping: only then may it ship to a different address. */
  needsShipping: boolean;
  /** A guest may create an account (the password then is required). */
  guest: boolean;
}

/** The form with both addresses normalised (what is validated and sent). */
export function normaliseForm(form: CheckoutForm, countries: readonly CountryRules[]): CheckoutForm {
  return { ...form, billing: normaliseAddress(form.billing, countries), shipping: normaliseAddress(form.shipping, countries) };
}

/** Every error of the (normalised) form, in the order the fields appear. */
export function validateCheckout(form: CheckoutForm, rules: CheckoutRules): FieldError[] {
  const errors = validateAddress('billing', form.billing, rules.countries);
  if (rules.guest && form.create_account && isBlank(form.account_password)) {
    errors.push({ field: 'account_password', message: messages.passwordRequired });
  }
  if (rules.needsShipping && form.ship_to_different_address) errors.push(...validateAddress('shipping', form.shipping, rules.countries));
  if (rules.termsShown && !form.terms) errors.push({ field: 'terms', message: messages.terms });
  return errors;
}
