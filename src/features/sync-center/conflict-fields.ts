import type { ConflictRecord } from '@/db/sync/sync-db.ts';

export interface FieldChange {
  field: string;
  label: string;
  mine: string;
  theirs: string;
}

// Replication bookkeeping, not something the user edited.
const HIDDEN_FIELDS = new Set(['_modified', '_meta', '_rev', '_attachments']);

export const EMPTY_VALUE = '(empty)';

/** "serial_number" → "Serial number"; the soft-delete flag reads as "Deleted". */
export function fieldLabel(field: string): string {
  if (field === '_deleted') return 'Deleted';
  const words = field.replace(/^_+/, '').split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/** What this device had against what the server has, one row per field this device changed. */
export function conflictFields(conflict: Pick<ConflictRecord, 'mine' | 'theirs'>): FieldChange[] {
  const fields = [...new Set([...Object.keys(conflict.mine), ...Object.keys(conflict.theirs)])];
  return fields
    .filter((field) => !HIDDEN_FIELDS.has(field))
    .map((field) => ({ field, label: fieldLabel(field), mine: formatValue(conflict.mine[field]), theirs: formatValue(conflict.theirs[field]) }));
}
