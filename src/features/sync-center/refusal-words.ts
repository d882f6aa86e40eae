import type { WriteError } from '@/db/sync/sync-db.ts';

/**
 * Why the server refused a write, in the user's words. The server's own message ("new row violates
 * row-level security policy …") names tables, constraints and policies: internals a user can do
 * nothing with. The codes are Postgres's and PostgREST's.
 */
const REASONS: Record<string, string> = {
  '42501': 'You are not allowed to make this change.',
  PGRST116: 'This item no longer exists on the server.',
  '23505': 'It conflicts with an item that already exists (for example a code already in use).',
  '23503': 'Something it refers to no longer exists.',
  '23514': 'A value in it is not allowed.',
  '23502': 'A required value is missing.',
  '22001': 'A text in it is too long.',
  '22P02': 'A value in it has the wrong form.',
};

export function refusalText(error: WriteError | null | undefined): string {
  const reason = error ? REASONS[error.code] : undefined;
  return reason ? `The server refused this change. ${reason}` : 'The server refused this change.';
}
