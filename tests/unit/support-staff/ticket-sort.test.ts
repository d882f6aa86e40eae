import { describe, expect, it } from 'vitest';
import { nextSort } from '@/components/SortHeader.tsx';
import { DEFAULT_TICKET_SORT, sortTickets } from '@/features/support-staff/ticket-sort.ts';

const ticket = (id: string, priority: 'low' | 'medium' | 'high' | 'urgent', status: 'open' | 'in_progress' | 'resolved' | 'closed', created: string) => ({ id, priority, status, created_at: `2026-11-${created}T10:00:00.000Z` });
const tickets = [ticket('a', 'low', 'closed', '20'), ticket('b', 'urgent', 'in_progress', '21'), ticket('c', 'medium', 'open', '22'), ticket('d', 'urgent', 'open', '19'), ticket('e', 'low', 'open', '22')];
const ids = (list: Array<{ id: string }>) => list.map((t) => t.id).join('');

describe('the staff queue order', () => {
  it('is newest first by default, ties by id', () => {
    expect(ids(sortTickets(tickets, DEFAULT_TICKET_SORT))).toBe('cebad');
    expect(ids(sortTickets(tickets, { key: 'age', direction: 'asc' }))).toBe('dabce');
  });

  it('by priority puts urgent first, newest first within a priority; ascending reverses the priorities only', () => {
    expect(ids(sortTickets(tickets, { key: 'priority', direction: 'desc' }))).toBe('bdcea');
    expect(ids(sortTickets(tickets, { key: 'priority', direction: 'asc' }))).toBe('eacbd');
  });

  it('by status follows the workflow: open, in progress, resolved, closed', () => {
    expect(ids(sortTickets(tickets, { key: 'status', direction: 'desc' }))).toBe('cedba');
    expect(ids(sortTickets(tickets, { key: 'status', direction: 'asc' }))).toBe('abced');
  });

  it('does not reorder the list it was given', () => {
    const before = ids(tickets);
    sortTickets(tickets, { key: 'priority', direction: 'desc' });
    expect(ids(tickets)).toBe(before);
  });

  it('a header click flips its own column and starts another at its pressing end', () => {
    expect(nextSort(DEFAULT_TICKET_SORT, 'age')).toEqual({ key: 'age', direction: 'asc' });
    expect(nextSort({ key: 'age', direction: 'asc' }, 'age')).toEqual({ key: 'age', direction: 'desc' });
    expect(nextSort({ key: 'age', direction: 'asc' }, 'priority')).toEqual({ key: 'priority', direction: 'desc' });
  });
});
