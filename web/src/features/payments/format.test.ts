import { formatCardNumber, formatCvc, formatExpiry, parseExpiry } from './format';

describe('card number', () => {
  it('groups by four as typed, digits only, at most 19', () => {
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424242424242424242')).toBe('4242 4242 4242 4242 424');
  });

  it('groups American Express 4-6-5', () => {
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('3782822')).toBe('3782 822');
  });
});

describe('expiry', () => {
  it('reads "MM / YY" and pads a lone month', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('12 / 345')).toBe('12 / 34');
    expect(formatExpiry('4')).toBe('04');
  });

  it('parses complete dates only, months 1 to 12', () => {
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('01 / 30')).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry('13 / 34')).toBeNull();
    expect(parseExpiry('00 / 34')).toBeNull();
    expect(parseExpiry('12 / 3')).toBeNull();
  });
});

it('keeps the security code to four digits', () => {
  expect(formatCvc('12a34 5')).toBe('1234');
});
