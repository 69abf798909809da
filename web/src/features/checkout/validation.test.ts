import { emptyAddress } from './address';
import { emptyForm } from './form';
import { isBlank, matchStateCode, normaliseAddress, splitFullName, validateAddress, validateCheckout, type CheckoutRules } from './validation';
import { COUNTRIES, DE, GB, US, usAddress } from './test/fixtures';

const rules = (overrides: Partial<CheckoutRules> = {}): CheckoutRules => ({ countries: COUNTRIES, termsShown: false, needsShipping: true, guest: true, ...overrides });

describe('isBlank (spec §5: missing, null or only blanks)', () => {
  it.each([[undefined], [null], [''], ['   '], ['\t\n']])('%j is blank', (value) => expect(isBlank(value)).toBe(true));
  it.each([['a'], [' a '], ['0']])('%j is not blank', (value) => expect(isBlank(value)).toBe(false));
});

describe('matchStateCode (spec §5)', () => {
  it('matches a name longer than 2 letters, whatever its case, to its code', () => {
    expect(matchStateCode('california', US)).toBe('CA');
    expect(matchStateCode('North Carolina', US)).toBe('NC');
    expect(matchStateCode('  NEW YORK ', US)).toBe('NY');
  });
  it('takes a 2-letter value as a code (any case), and leaves an unknown name as it is', () => {
    expect(matchStateCode('ny', US)).toBe('NY');
    expect(matchStateCode('zz', US)).toBe('zz');
    expect(matchStateCode('Atlantis', US)).toBe('Atlantis');
    expect(matchStateCode('Bavaria', DE)).toBe('Bavaria');
  });
});

describe('splitFullName (spec §5)', () => {
  it('makes the last word the last name and the rest the first name', () => {
    expect(splitFullName('Ada King Lovelace')).toEqual({ first_name: 'Ada King', last_name: 'Lovelace' });
    expect(splitFullName('  Grace   Hopper ')).toEqual({ first_name: 'Grace', last_name: 'Hopper' });
  });
  it('puts a single word in the last name', () => {
    expect(splitFullName('Cher')).toEqual({ first_name: '', last_name: 'Cher' });
    expect(splitFullName('  ')).toEqual({ first_name: '', last_name: '' });
  });
});

describe('normaliseAddress', () => {
  it('splits full_name only when first and last name are empty, and matches the state name', () => {
    const address = { ...usAddress({ first_name: '', last_name: '', state: 'New York' }), full_name: 'Alan Mathison Turing' };
    expect(normaliseAddress(address, COUNTRIES)).toMatchObject({ first_name: 'Alan Mathison', last_name: 'Turing', state: 'NY' });
    const named = { ...usAddress(), full_name: 'Someone Else' };
    expect(normaliseAddress(named, COUNTRIES)).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
  });
});

describe('validateAddress', () => {
  it('accepts a complete US address', () => {
    expect(validateAddress('billing', usAddress(), COUNTRIES)).toEqual([]);
  });

  it('names every empty required billing field with its label, in form order', () => {
    const errors = validateAddress('billing', emptyAddress('US'), COUNTRIES);
    expect(errors.map((e) => e.field)).toEqual([
      'billing_first_name',
      'billing_last_name',
      'billing_address_1',
      'billing_city',
      'billing_state',
      'billing_postcode',
      'billing_phone',
      'billing_email',
    ]);
    expect(errors[0]!.message).toBe('Billing First name is a required field.');
    // The country's own labels (US: "State", "ZIP Code").
    expect(errors[4]!.message).toBe('Billing State is a required field.');
    expect(errors[5]!.message).toBe('Billing ZIP Code is a required field.');
  });

  it('treats blanks as empty and the optional apartment line as optional', () => {
    const errors = validateAddress('billing', usAddress({ city: '   ', address_2: '' }), COUNTRIES);
    expect(errors).toEqual([{ field: 'billing_city', message: 'Billing Town / City is a required field.' }]);
  });

  it('follows the country: a GB county is optional, its postcode is not', () => {
    const errors = validateAddress('billing', usAddress({ country: 'GB', state: '', postcode: '' }), COUNTRIES);
    expect(errors).toEqual([{ field: 'billing_postcode', message: 'Billing Postcode is a required field.' }]);
    expect(GB.state_required).toBe(false);
  });

  it('needs a country of exactly 2 characters', () => {
    expect(validateAddress('billing', usAddress({ country: '' }), COUNTRIES)[0]).toEqual({
      field: 'billing_country',
      message: 'Billing Country / Region is a required field.',
    });
    expect(validateAddress('billing', usAddress({ country: 'USA' }), COUNTRIES)[0]).toEqual({
      field: 'billing_country',
      message: "'USA' is not a valid country code.",
    });
    expect(validateAddress('billing', usAddress({ country: 'U' }), COUNTRIES)[0]?.field).toBe('billing_country');
  });

  it('refuses a state that is not in the country list', () => {
    expect(validateAddress('billing', usAddress({ state: 'Atlantis' }), COUNTRIES)).toEqual([
      { field: 'billing_state', message: 'Billing State is not valid. Please enter one of the following: California, New York, North Carolina' },
    ]);
  });

  it('asks no phone nor email of a shipping address', () => {
    const errors = validateAddress('shipping', usAddress({ phone: '', email: '' }), COUNTRIES);
    expect(errors).toEqual([]);
    const empty = validateAddress('shipping', emptyAddress('US'), COUNTRIES).map((e) => e.field);
    expect(empty).not.toContain('shipping_phone');
    expect(empty[0]).toBe('shipping_first_name');
  });
});

describe('validateCheckout (spec §5 provider checkout)', () => {
  const filled = () => ({ ...emptyForm(), billing: usAddress() });

  it('checks the shipping address only when shipping to a different address', () => {
    expect(validateCheckout(filled(), rules())).toEqual([]);
    const errors = validateCheckout({ ...filled(), ship_to_different_address: true }, rules());
    expect(errors.map((e) => e.field)).toContain('shipping_first_name');
    expect(validateCheckout({ ...filled(), ship_to_different_address: true }, rules({ needsShipping: false }))).toEqual([]);
  });

  it('needs the terms checkbox ticked only when it is shown', () => {
    expect(validateCheckout(filled(), rules({ termsShown: true }))).toEqual([
      { field: 'terms', message: 'Please read and accept the terms and conditions to proceed with your order.' },
    ]);
    expect(validateCheckout({ ...filled(), terms: true }, rules({ termsShown: true }))).toEqual([]);
  });

  it('needs a password when a guest creates an account', () => {
    const form = { ...filled(), create_account: true };
    expect(validateCheckout(form, rules()).map((e) => e.field)).toEqual(['account_password']);
    expect(validateCheckout({ ...form, account_password: 's3cret' }, rules())).toEqual([]);
    expect(validateCheckout(form, rules({ guest: false }))).toEqual([]);
  });
});
