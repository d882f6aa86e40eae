import { describe, expect, it } from 'vitest';
import { changedRecently } from '@/features/inventory/stock-status.ts';

describe('changedRecently (the "Last 7 days" note)', () => {
  it('counts the rows updated within the last 7 days, the boundary included', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    const rows = ['2026-11-28T11:00:00Z', '2026-11-21T12:00:00Z', '2026-11-21T11:59:59Z', '2026-10-01T00:00:00Z'].map((updated_at) => ({ updated_at }));
    expect(changedRecently(rows, now)).toBe(2);
    expect(changedRecently([], now)).toBe(0);
  });
});
