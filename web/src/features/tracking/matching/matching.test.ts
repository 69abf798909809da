import { MemoryCookieJar } from '@/lib/cookies';
import { resetDocument } from '../test-support';
import {
  ADVANCED_FORM_COOKIE,
  advancedMatchingFrom,
  attachFormCapture,
  captureField,
  DEFAULT_FIELD_LISTS,
  readFormData,
  saveFormData,
} from './form-capture';
import { digitCount, isValidEmail, isValidPhone, normalizePhone } from './validation';

const T0 = Date.UTC(2025, 2, 10, 12, 0);

describe('e-mail validation', () => {
  it.each(['ann@example.com', ' Ann.Lee+shop@Example.CO.UK ', 'a_b%c-d@sub-domain.example.museum'])('accepts %s', (v) => {
    expect(isValidEmail(v)).toBe(true);
  });

  it.each(['ann@example', 'ann@example.c', 'ann example@x.com', 'ann@exa mple.com', 'ann@x.c0m', `a@x.${'a'.repeat(64)}`])(
    'rejects %s',
    (v) => expect(isValidEmail(v)).toBe(false),
  );
});

describe('phone validation', () => {
  it('removes dashes, dots, parentheses and spaces', () => {
    expect(normalizePhone('+1 (555) 123-45.67')).toBe('+15551234567');
  });

  it('needs 6 to 15 digits with an optional plus', () => {
    expect(isValidPhone('123456')).toBe(true);
    expect(isValidPhone('+123456789012345')).toBe(true);
    expect(isValidPhone('12345')).toBe(false);
    expect(isValidPhone('1234567890123456')).toBe(false);
    expect(isValidPhone('12a456')).toBe(false);
    expect(digitCount('+1 (555)')).toBe(4);
  });
});

describe('captureField', () => {
  it('saves a valid e-mail lowercased and trimmed, nothing otherwise', () => {
    expect(captureField({ name: 'billing_email', type: 'text', value: ' Ann@Example.com ' })).toEqual({ email: 'ann@example.com' });
    expect(captureField({ name: 'x', type: 'email', value: 'not-an-email' })).toBeNull();
  });

  it('saves a phone only when it has more than five digits', () => {
    expect(captureField({ name: 'phone', type: 'text', value: '555-123' })).toEqual({ phone: '555123' });
    expect(captureField({ name: 'x', type: 'tel', value: '12-345' })).toBeNull();
  });

  it('saves names only from configured fields with a value', () => {
    expect(captureField({ name: 'first_name', type: 'text', value: ' Ada ' })).toEqual({ first_name: 'Ada' });
    expect(captureField({ name: 'Last-Name', type: 'text', value: 'Lovelace' })).toEqual({ last_name: 'Lovelace' });
    expect(captureField({ name: 'first_name', type: 'text', value: '  ' })).toBeNull();
    expect(captureField({ name: 'nickname', type: 'text', value: 'Ada' })).toBeNull();
    const custom = { ...DEFAULT_FIELD_LISTS, firstName: ['given'] };
    expect(captureField({ name: 'given', type: 'text', value: 'Ada' }, custom)).toEqual({ first_name: 'Ada' });
  });
});

describe('advanced form data cookie', () => {
  it('merges captured fields into a JSON cookie kept 300 days', () => {
    const jar = new MemoryCookieJar(() => T0);
    saveFormData(jar, { email: 'ann@example.com' }, T0);
    saveFormData(jar, { first_name: 'Ann' }, T0);
    expect(readFormData(jar)).toEqual({ first_name: 'Ann', last_name: '', email: 'ann@example.com', phone: '' });
    expect(jar.get(ADVANCED_FORM_COOKIE)).toBe('{%22first_name%22:%22Ann%22%2C%22last_name%22:%22%22%2C%22email%22:%22ann@example.com%22%2C%22phone%22:%22%22}');
    expect(jar.attributes(ADVANCED_FORM_COOKIE)?.expires).toEqual(new Date(T0 + 300 * 86_400_000));
  });

  it('reads a broken cookie as empty and builds advanced matching with the pbid', () => {
    const jar = new MemoryCookieJar(() => T0);
    jar.set(ADVANCED_FORM_COOKIE, '{oops');
    expect(readFormData(jar).email).toBe('');
    saveFormData(jar, { email: 'a@b.co', phone: '+4912345678' }, T0);
    jar.set('pbid', 'pb');
    expect(advancedMatchingFrom(jar)).toEqual({ email: 'a@b.co', phone: '+4912345678', external_id: 'pb' });
  });

  it('captures fields as the visitor leaves them', () => {
    const jar = new MemoryCookieJar(() => T0);
    const cleanup = attachFormCapture(document, jar, () => T0);
    document.body.innerHTML = '<input name="billing_email" type="email"><input name="billing_phone" type="tel">';
    const [email, phone] = Array.from(document.querySelectorAll('input'));
    if (!email || !phone) throw new Error('inputs missing');
    email.value = 'Ann@Example.com';
    email.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    phone.value = '(030) 1234';
    phone.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    expect(readFormData(jar)).toMatchObject({ email: 'ann@example.com', phone: '0301234' });
    cleanup();
    resetDocument();
  });
});
