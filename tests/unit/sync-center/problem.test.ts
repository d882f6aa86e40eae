import { describe, expect, it } from 'vitest';
import { errorToPlainJson, newRxError } from 'rxdb';
import { DeadlineError } from '@/lib/deadline.ts';
import { classifySyncError, syncErrorDetail } from '@/db/sync/problem.ts';
import { problemSentence, retryText } from '@/features/sync-center/problem-words.ts';

// What RxDB's replication emits on error$: the failure of the pull or push handler, wrapped.
const rxPull = (...errors: unknown[]) => newRxError('RC_PULL', { errors: errors.map((error) => errorToPlainJson(error as Error)), direction: 'pull' });
const rxPush = (...errors: unknown[]) => newRxError('RC_PUSH', { errors: errors.map((error) => errorToPlainJson(error as Error)), direction: 'push' });
// What postgrest-js resolves with (the plugin throws it): a failed fetch, or the server's body.
const fetchFailed = (error: Error) => ({ message: `${error.name}: ${error.message}`, details: String(error.stack), hint: '', code: '' });

describe('classifySyncError', () => {
  it('reads RxDB-wrapped failures by what they wrap', () => {
    expect(classifySyncError(rxPull(fetchFailed(new TypeError('Failed to fetch'))))).toBe('unreachable');
    expect(classifySyncError(rxPush(fetchFailed(new DeadlineError(15_000))))).toBe('timeout');
    expect(classifySyncError(rxPull({ code: 'PGRST303', message: 'JWT expired', details: null, hint: null }))).toBe('session');
    expect(classifySyncError(rxPush({ code: '53300', message: 'sorry, too many clients already', details: null, hint: null }))).toBe('server');
    expect(classifySyncError(rxPull({ message: '<html>502 Bad Gateway</html>' }))).toBe('server');
  });

  it('reads errors that are not wrapped, their causes, and the outbox’s plain messages', () => {
    expect(classifySyncError(new DeadlineError(15_000))).toBe('timeout');
    expect(classifySyncError(new Error('push failed', { cause: new TypeError('NetworkError when attempting to fetch resource.') }))).toBe('unreachable');
    expect(classifySyncError('fetch failed')).toBe('unreachable');
    expect(classifySyncError('Failed to fetch: this device is offline')).toBe('unreachable');
    expect(classifySyncError('Invalid JWT signature')).toBe('session');
    expect(classifySyncError('duplicate key value violates unique constraint')).toBe('server');
  });

  it('keeps the wrapped error as the detail, never RxDB’s hint, code page or Discord link', () => {
    const detail = syncErrorDetail(rxPull(fetchFailed(new DeadlineError(15_000))));
    expect(detail).toBe('DeadlineError: Failed to fetch: no answer within 15 s');
    const bare = syncErrorDetail(newRxError('RC_PUSH_NO_AR', { direction: 'push' }));
    expect(bare).toBe('RxError RC_PUSH_NO_AR');
    for (const text of [detail, bare]) expect(text).not.toMatch(/Discord|https?:|Hint/);
  });
});

describe('the words', () => {
  it('say what failed and when it is tried again', () => {
    expect(problemSentence('unreachable')).toBe('Couldn’t reach the server');
    expect(problemSentence('timeout')).toBe('The server didn’t answer in time');
    expect(problemSentence('server')).toBe('The server had a problem');
    expect(retryText(10_000 + 4_200, 10_000)).toBe('will retry in 5 s');
    expect(retryText(10_000, 10_000)).toBe('retrying now');
    expect(retryText(null, 10_000)).toBe('will retry by itself');
  });
});
