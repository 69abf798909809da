//! Random tokens for event ids: 36 characters over the 62 ASCII letters and digits (spec §9).

export const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890';
export const EVENT_ID_LENGTH = 36;

/** Uniform in [0, 1) from the platform CSPRNG. */
export function cryptoRandom(): number {
  const buffer = new Uint32Array(1);
  crypto.getRandomValues(buffer);
  return (buffer[0] ?? 0) / 2 ** 32;
}

/** A random token; every character is drawn uniformly from the 62-character alphabet. */
export function randomToken(length: number = EVENT_ID_LENGTH, random: () => number = cryptoRandom): string {
  let out = '';
  for (let i = 0; i < length; i += 1) {
    const index = Math.min(TOKEN_ALPHABET.length - 1, Math.floor(random() * TOKEN_ALPHABET.length));
    out += TOKEN_ALPHABET[index];
  }
  return out;
}

/** A fresh 36-character event id. */
export function newEventId(random?: () => number): string {
  return randomToken(EVENT_ID_LENGTH, random);
}
