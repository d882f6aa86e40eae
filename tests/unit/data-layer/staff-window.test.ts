import { afterEach, describe, expect, it } from 'vitest';
import { forgetKeptTickets, keepTicket, keptTickets, KEEP_DAYS } from '@/db/replication/kept-tickets.ts';
import { inWindow, windowCutoff, windowPullFilter, type PullQuery } from '@/db/replication/staff-window.ts';

const ME = '00000000-0000-4000-8000-000000000003';
const NOW = Date.parse('2026-11-28T12:00:00Z');
const window = { userId: ME, days: 30, now: () => NOW };
const DAY = 86_400_000;
const ticket = (status: string, daysAgo: number, assigned_to: string | null = null) => ({
  id: 't',
  status,
  assigned_to,
  updated_at: new Date(NOW - daysAgo * DAY).toISOString(),
});

describe('the staff window', () => {
  it('holds open and in-progress tickets, the user’s own, and anything changed within the days', () => {
    expect(windowCutoff(window)).toBe('2026-10-29T12:00:00.000Z');
    expect(inWindow(ticket('open', 400), window)).toBe(true);
    expect(inWindow(ticket('in_progress', 400), window)).toBe(true);
    expect(inWindow(ticket('closed', 400, ME), window)).toBe(true);
    expect(inWindow(ticket('resolved', 29), window)).toBe(true);
    expect(inWindow(ticket('resolved', 31), window)).toBe(false);
    expect(inWindow(ticket('closed', 31, '00000000-0000-4000-8000-000000000004'), window)).toBe(false);
  });

  it('filters the pulls of tickets and messages only, with the same disjuncts', () => {
    const calls: string[] = [];
    const query: PullQuery = {
      or: (filters, options) => (calls.push(`or ${options?.referencedTable ?? ''}:${filters}`), query),
      select: (columns) => (calls.push(`select ${columns}`), query),
    };
    const disjuncts = `status.in.(open,in_progress),assigned_to.eq.${ME},updated_at.gt.2026-10-29T12:00:00.000Z`;
    windowPullFilter('support_tickets', window)!(query);
    windowPullFilter('support_messages', window)!(query);
    expect(calls).toEqual([`or :${disjuncts}`, 'select *,support_tickets!inner()', `or support_tickets:${disjuncts}`]);
    expect(windowPullFilter('kb_articles', window)).toBeUndefined();
  });
});

describe('kept tickets', () => {
  afterEach(() => forgetKeptTickets(ME));

  it('keeps an opened ticket for a week, per user, and forgets it after', () => {
    keepTicket(ME, 'a', NOW);
    keepTicket(ME, 'b', NOW - (KEEP_DAYS - 1) * DAY);
    expect(keptTickets(ME, NOW)).toEqual(new Set(['a', 'b']));
    expect(keptTickets('someone else', NOW)).toEqual(new Set());
    expect(keptTickets(ME, NOW + 1.5 * DAY)).toEqual(new Set(['a']));
    expect(keptTickets(ME, NOW)).toEqual(new Set(['a']));
  });

  it('reads a damaged record as nothing kept', () => {
    localStorage.setItem(`garage-kept-tickets:${ME}`, '{not json');
    expect(keptTickets(ME, NOW)).toEqual(new Set());
  });
});
