// Access codes are made on the device (so creating one works offline): 6 characters of A–Z and
// 0–9 from the browser's cryptographic random source. The server keeps them unique among a
// device's active codes and replaces a colliding one.

export const ACCESS_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const ACCESS_CODE_LENGTH = 6;
export const ACCESS_CODE_PATTERN = /^[A-Z0-9]{6}$/;

/**
 * A random byte maps to a character only below the largest multiple of the alphabet's size
 * (252 = 7 × 36); bytes 252–255 are thrown away and drawn again, so every character is exactly
 * equally likely (a plain `byte % 36` would favour the first four characters).
 */
const ACCEPTED_BELOW = 256 - (256 % ACCESS_CODE_ALPHABET.length);

type FillRandom = (bytes: Uint8Array) => Uint8Array;

const cryptoFill: FillRandom = (bytes) => crypto.getRandomValues(bytes);

/** A new access code such as 'K7M2QX'. `fill` is the random source (crypto.getRandomValues). */
export function generateAccessCode(fill: FillRandom = cryptoFill): string {
  let code = '';
  while (code.length < ACCESS_CODE_LENGTH) {
    // Ask for a few more bytes than needed: one in 64 is rejected.
    const bytes = fill(new Uint8Array(ACCESS_CODE_LENGTH * 2));
    for (const byte of bytes) {
      if (byte >= ACCEPTED_BELOW) continue;
      code += ACCESS_CODE_ALPHABET[byte % ACCESS_CODE_ALPHABET.length];
      if (code.length === ACCESS_CODE_LENGTH) break;
    }
  }
  return code;
}
