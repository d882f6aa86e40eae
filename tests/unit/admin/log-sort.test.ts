import { describe, expect, it } from 'vitest';
import { DEFAULT_LOG_SORT, sortLogs } from '@/features/access-logs/log-sort.ts';

const log = (id: string, action: string, success: boolean, minute: number) => ({ id, action, success, created_at: new Date(Date.UTC(2026, 10, 26, 10, minute)).toISOString() });
const logs = [log('a', 'login', true, 1), log('b', 'login_failed', false, 5), log('c', 'cms.update', true, 3), log('d', 'login_failed', false, 2), log('e', 'login', true, 5)];
const ids = (list: Array<{ id: string }>) => list.map((l) => l.id).join('');

describe('the access log table order', () => {
  it('is newest first by default, as the server sends them', () => {
    expect(ids(sortLogs(logs, DEFAULT_LOG_SORT))).toBe('becda');
    expect(ids(sortLogs(logs, { key: 'time', direction: 'asc' }))).toBe('adcbe');
  });

  it('by result puts failures first, newest first within each', () => {
    expect(ids(sortLogs(logs, { key: 'result', direction: 'desc' }))).toBe('bdeca');
    expect(ids(sortLogs(logs, { key: 'result', direction: 'asc' }))).toBe('ecabd');
  });

  it('by action is alphabetical, newest first within an action', () => {
    expect(ids(sortLogs(logs, { key: 'action', direction: 'asc' }))).toBe('ceabd');
    expect(ids(sortLogs(logs, { key: 'action', direction: 'desc' }))).toBe('bdeac');
  });
});
