import type { TableSort } from '@/components/SortHeader.tsx';
import type { AccessLog } from './data/access-logs.ts';

export type LogSortKey = 'time' | 'action' | 'result';
/** The server's order: newest first. */
export const DEFAULT_LOG_SORT: TableSort<LogSortKey> = { key: 'time', direction: 'desc' };

type Sortable = Pick<AccessLog, 'id' | 'action' | 'success' | 'created_at'>;

// Ascending order of each column; 'desc' reverses it: newest first, failures first, actions z to a.
const compare: Record<LogSortKey, (a: Sortable, b: Sortable) => number> = {
  time: (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at),
  action: (a, b) => a.action.localeCompare(b.action),
  result: (a, b) => Number(b.success) - Number(a.success),
};

/** The loaded logs in the chosen order; ties stay newest first. */
export function sortLogs<T extends Sortable>(logs: readonly T[], sort: TableSort<LogSortKey>): T[] {
  const by = compare[sort.key];
  const sign = sort.direction === 'desc' ? -1 : 1;
  return [...logs].sort((a, b) => sign * by(a, b) || Date.parse(b.created_at) - Date.parse(a.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
