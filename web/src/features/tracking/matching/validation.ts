//! Advanced-matching validation rules (spec §5): e-mail pattern and the shared phone check.

/** Letters, digits and `._%+-` before the at sign; a domain whose last part is 2–63 letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,63}$/;

/** Valid when the lowercased, trimmed value matches the pattern. */
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim().toLowerCase());
}

/** Removes dashes, dots, parentheses and spaces. */
export function normalizePhone(value: string): string {
  return value.replace(/[-.()\s]/g, '');
}

/** 6 to 15 digits with an optional leading plus, after normalisation. */
export function isValidPhone(value: string): boolean {
  return /^\+?\d{6,15}$/.test(normalizePhone(value));
}

export function digitCount(value: string): number {
  return (value.match(/\d/g) ?? []).length;
}
