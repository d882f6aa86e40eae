import { describe, expect, it } from 'vitest';
import { refusalText } from '@/features/sync-center/refusal-words.ts';

describe('a refused write in words', () => {
  it('says why for the codes a user can act on, never the server message', () => {
    expect(refusalText({ code: '42501', message: 'new row violates row-level security policy for table "devices"' })).toBe(
      'The server refused this change. You are not allowed to make this change.',
    );
    expect(refusalText({ code: 'PGRST116', message: 'This item no longer exists on the server' })).toBe('The server refused this change. This item no longer exists on the server.');
    expect(refusalText({ code: '23505', message: 'duplicate key value violates unique constraint "access_permissions_code_key"' })).toContain('already exists');
  });

  it('an unknown code or no error gets the plain sentence, with nothing of the message', () => {
    const text = refusalText({ code: 'XX999', message: 'relation "public.secret" does not exist' });
    expect(text).toBe('The server refused this change.');
    expect(refusalText(undefined)).toBe('The server refused this change.');
  });
});
