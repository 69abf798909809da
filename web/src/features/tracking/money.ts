//! Minor units → the decimal amounts pixels expect, using the currency's own exponent.

const exponents = new Map<string, number>();

/** Digits after the decimal point for an ISO 4217 currency (USD 2, JPY 0, KWD 3). */
export function currencyExponent(currency: string): number {
  const code = currency.toUpperCase();
  let digits = exponents.get(code);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    exponents.set(code, digits);
  }
  return digits;
}

/** `4200` USD → `42`; `4250` → `42.5`. Exact for the integer inputs money uses. */
export function toMajor(minor: number, currency = 'USD'): number {
  const digits = currencyExponent(currency);
  return Number((minor / 10 ** digits).toFixed(digits));
}
