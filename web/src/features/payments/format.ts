//! Card fields as typed: the number in groups ("4242 4242 4242 4242"; American Express
//! 4-6-5), the expiry as "MM / YY", the security code digits only.

const digits = (text: string, max: number) => text.replace(/\D/g, '').slice(0, max);

/** American Express numbers start 34 or 37 and are grouped 4-6-5. */
export function isAmex(number: string): boolean {
  return /^3[47]/.test(digits(number, 2));
}

export function formatCardNumber(text: string): string {
  const d = digits(text, 19);
  if (isAmex(d)) return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" → "12 / 34"; a first digit above 1 is a month on its own ("4" → "04"). */
export function formatExpiry(text: string): string {
  let d = digits(text, 4);
  if (/^[2-9]/.test(d)) d = `0${d}`.slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

/** The month and four-digit year of "MM / YY", or null while incomplete or impossible. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{2}) \/ (\d{2})$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

export function formatCvc(text: string): string {
  return digits(text, 4);
}
