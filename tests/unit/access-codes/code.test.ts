import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_EXCLUDED, ACCESS_CODE_PATTERN, generateAccessCode } from '@/features/access-codes/code.ts';

/** A random source that hands out the given bytes in order (then zeros). */
function bytesSource(values: number[]) {
  const queue = [...values];
  return (bytes: Uint8Array) => {
    for (let i = 0; i < bytes.length; i++) bytes[i] = queue.shift() ?? 0;
    return bytes;
  };
}

afterEach(() => vi.restoreAllMocks());

describe('generateAccessCode', () => {
  it('makes 6 uppercase letters and digits of the spec format, never a look-alike (O/0/Q, I/1/L, S/5, Z/2, B/8)', () => {
    for (let i = 0; i < 500; i++) {
      const code = generateAccessCode();
      expect(code).toMatch(ACCESS_CODE_PATTERN);
      expect(code).toMatch(/^[ACDEFGHJKMNPRTUVWXY34679]{6}$/);
    }
    expect(ACCESS_CODE_ALPHABET).toHaveLength(24);
    // The alphabet and the excluded characters together are exactly A–Z and 0–9.
    expect([...ACCESS_CODE_ALPHABET, ...ACCESS_CODE_EXCLUDED].sort().join('')).toBe('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
  });

  it('draws from crypto.getRandomValues, never Math.random', () => {
    const getRandomValues = vi.spyOn(crypto, 'getRandomValues');
    const mathRandom = vi.spyOn(Math, 'random');
    generateAccessCode();
    expect(getRandomValues).toHaveBeenCalled();
    expect(mathRandom).not.toHaveBeenCalled();
  });

  it('maps byte b to the (b mod 24)th character', () => {
    expect(generateAccessCode(bytesSource([0, 1, 23, 24, 22, 47]))).toBe('AC9A79');
    expect(generateAccessCode(bytesSource([239, 238, 215, 216, 100, 71]))).toBe('979AF9');
  });

  it('throws bytes 240–255 away instead of folding them onto the first characters (no modulo bias)', () => {
    expect(generateAccessCode(bytesSource([240, 245, 250, 255, 1, 2, 3, 4, 5, 6]))).toBe('CDEFGH');
    // A whole draw of rejected bytes asks for more.
    expect(generateAccessCode(bytesSource([...Array(12).fill(255), 7, 7, 7, 7, 7, 7]))).toBe('JJJJJJ');
  });

  it('gives every character to exactly 10 of the 240 accepted byte values', () => {
    const counts = new Map<string, number>();
    for (let b = 0; b < 256; b++) {
      const first = generateAccessCode(bytesSource([b, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))[0]!;
      if (b >= 240) {
        // Rejected: the first character came from the next accepted byte (0 → 'A').
        expect(first).toBe('A');
        continue;
      }
      counts.set(first, (counts.get(first) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    expect(new Set(counts.values())).toEqual(new Set([10]));
  });

  it('spreads real codes over the alphabet (chi-square, 36 000 characters)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 6000; i++) for (const c of generateAccessCode()) counts.set(c, (counts.get(c) ?? 0) + 1);
    const expected = 36_000 / 24;
    const chi = [...ACCESS_CODE_ALPHABET].reduce((sum, c) => sum + ((counts.get(c) ?? 0) - expected) ** 2 / expected, 0);
    // 23 degrees of freedom: p = 0.0001 at about 57.
    expect(chi).toBeLessThan(58);
  });
});
