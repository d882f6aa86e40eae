import { describe, expect, it } from 'vitest';
import { countOf, formatCount } from '@/lib/count.ts';

describe('formatCount', () => {
  it('groups thousands the en-US way', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(3976)).toBe('3,976');
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });
});

describe('countOf', () => {
  it('says the noun in the singular for exactly one, else in the plural', () => {
    expect(countOf(1, 'view')).toBe('1 view');
    expect(countOf(0, 'view')).toBe('0 views');
    expect(countOf(2, 'view')).toBe('2 views');
    expect(countOf(3976, 'view')).toBe('3,976 views');
  });

  it('takes an irregular plural', () => {
    expect(countOf(1, 'person', 'people')).toBe('1 person');
    expect(countOf(12, 'person', 'people')).toBe('12 people');
  });
});
