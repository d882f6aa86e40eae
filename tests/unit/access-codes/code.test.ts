import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_PATTERN, generateAccessCode } from '@/features/access-codes/code.ts';

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
  it('makes 6 characters of A–Z and 0–9', () => {
    for (let i = 0; i < 500; i++) expect(generateAccessCode()).toMatch(ACCESS_CODE_PATTERN);
    expect(ACCESS_CODE_ALPHABET).toHaveLength(36);
  });

  it('draws from crypto.getRandomValues, never Math.random', () => {
    const getRandomValues = vi.spyOn(crypto, 'getRandomValues');
    const mathRandom = vi.spyOn(Math, 'random');
    generateAccessCode();
    expect(getRandomValues).toHaveBeenCalled();
    expect(mathRandom).not.toHaveBeenCalled();
  });

  it('maps byte b to the (b mod 36)th character', () => {
    expect(generateAccessCode(bytesSource([0, 1, 25, 26, 35, 36]))).toBe('ABZ09A');
    expect(generateAccessCode(bytesSource([251, 250, 215, 216, 100, 71]))).toBe('989A29');
  });

  it('throws bytes 252–255 away instead of folding them onto the first characters (no modulo bias)', () => {
    expect(generateAccessCode(bytesSource([252, 253, 254, 255, 1, 2, 3, 4, 5, 6]))).toBe('BCDEFG');
    // A whole draw of rejected bytes asks for more.
    expect(generateAccessCode(bytesSource([...Array(12).fill(255), 7, 7, 7, 7, 7, 7]))).toBe('HHHHHH');
  });

  it('gives every character to exactly 7 of the 252 accepted byte values', () => {
    const counts = new Map<string, number>();
    for (let b = 0; b < 256; b++) {
      const first = generateAccessCode(bytesSource([b, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))[0]!;
      if (b >= 252) {
        // Rejected: the first character came from the next accepted byte (0 → 'A').
        expect(first).toBe('A');
        continue;
      }
      counts.set(first, (counts.get(first) ?? 0) + 1);
    }
    expect(counts.size).toBe(36);
    expect(new Set(counts.values())).toEqual(new Set([7]));
  });

  it('spreads real codes over the alphabet (chi-square, 36 000 characters)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 6000; i++) for (const c of generateAccessCode()) counts.set(c, (counts.get(c) ?? 0) + 1);
    const expected = 36_000 / 36;
    const chi = [...ACCESS_CODE_ALPHABET].reduce((sum, c) => sum + ((counts.get(c) ?? 0) - expected) ** 2 / expected, 0);
    // 35 degrees of freedom: p = 0.0001 at about 77.
    expect(chi).toBeLessThan(77);
  });
});
