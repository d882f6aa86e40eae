// Access codes are made on the device (so creating one works offline): 6 uppercase letters and
// digits from the browser's cryptographic random source. The server keeps them unique among a
// device's active codes and replaces a colliding one (with the same alphabet, see
// supabase/migrations/20261129000700_access_code_unambiguous_alphabet.sql).

/**
 * Codes are read aloud and typed on keypads, so characters that pass for one another are left out:
 * O/0/Q, I/1/L, S/5, Z/2, B/8. 24 symbols, 24^6 ≈ 191 million codes.
 */
export const ACCESS_CODE_ALPHABET = 'ACDEFGHJKMNPRTUVWXY34679';
/** Characters never generated (entered codes of the spec's format are still accepted). */
export const ACCESS_CODE_EXCLUDED = 'BILOQSZ01258';
export const ACCESS_CODE_LENGTH = 6;
export const ACCESS_CODE_PATTERN = /^[A-Z0-9]{6}$/;

/**
 * A random byte maps to a character only below the largest multiple of the alphabet's size
 * (240 = 10 × 24); bytes 240–255 are thrown away and drawn again, so every character is exactly
 * equally likely (a plain `byte % 24` would favour the first sixteen characters).
 */
const ACCEPTED_BELOW = 256 - (256 % ACCESS_CODE_ALPHABET.length);

type FillRandom = (bytes: Uint8Array) => Uint8Array;

const cryptoFill: FillRandom = (bytes) => crypto.getRandomValues(bytes);

/** A new access code such as 'K7M4RX'. `fill` is the random source (crypto.getRandomValues). */
export function generateAccessCode(fill: FillRandom = cryptoFill): string {
  let code = '';
  while (code.length < ACCESS_CODE_LENGTH) {
    // Ask for twice the bytes needed: one in 16 is rejected.
    const bytes = fill(new Uint8Array(ACCESS_CODE_LENGTH * 2));
    for (const byte of bytes) {
      if (byte >= ACCEPTED_BELOW) continue;
      code += ACCESS_CODE_ALPHABET[byte % ACCESS_CODE_ALPHABET.length];
      if (code.length === ACCESS_CODE_LENGTH) break;
    }
  }
  return code;
}
