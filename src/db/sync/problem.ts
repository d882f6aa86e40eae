/**
 * What went wrong with a sync attempt, as a kind the interface can put into words. Errors reach
 * the data layer in many shapes: RxDB wraps a failed pull or push in an RC_PULL/RC_PUSH error
 * whose `parameters.errors` hold the original as plain JSON; postgrest-js turns a failed fetch
 * into `{ message: 'TypeError: Failed to fetch', code: '' }` and a refusal into PostgREST's body;
 * the outbox keeps only a message. All of them are read here, and nowhere else.
 */
export type SyncProblem =
  /** No answer at all: the network failed or the connection dropped. */
  | 'unreachable'
  /** A request got no answer within its deadline (a hung connection). */
  | 'timeout'
  /** The server did not take the session's token (expired, ended): the sign-in is being renewed. */
  | 'session'
  /** The server answered with an error of its own (5xx, a database error). */
  | 'server';

// A request that got no answer in time: DeadlineError (src/lib/deadline.ts) or an aborted fetch.
const TIMEOUT = /DeadlineError|no answer within|TimeoutError|timed out|AbortError/i;
// A fetch that failed without an answer, as browsers and Node word it.
const UNREACHABLE = /Failed to fetch|NetworkError|Load failed|fetch failed|network|ECONNREFUSED|ECONNRESET|ENOTFOUND|socket hang up|offline/i;
// PostgREST refusing the token (PGRST301 malformed, PGRST303 expired or ended), GoTrue's words.
const SESSION = /PGRST30[0-3]|JWT|\b401\b|Unauthorized|session (has )?(ended|expired|not found)|refresh token/i;

/** The innermost texts of an error: its own message, code and name, and those of what it wraps. */
function texts(error: unknown, depth = 0): string[] {
  if (depth > 4 || error === null || error === undefined) return [];
  if (typeof error === 'string') return [error];
  if (typeof error !== 'object') return [String(error)];
  const record = error as Record<string, unknown>;
  const inner = [
    ...(Array.isArray((record.parameters as Record<string, unknown> | undefined)?.errors) ? ((record.parameters as { errors: unknown[] }).errors) : []),
    ...(record.cause !== undefined ? [record.cause] : []),
  ].flatMap((wrapped) => texts(wrapped, depth + 1));
  if (inner.length > 0) return inner;
  // An RxDB error's message is its hint and documentation link: its code says enough.
  if (record.rxdb === true) return [`RxError ${String(record.code)}`];
  const own = [record.name, record.code, record.message, record.status].filter((part) => (typeof part === 'string' && part !== '') || typeof part === 'number');
  return [own.map(String).join(' ')];
}

/** What kind of problem an error of a sync attempt is (any shape: an Error, RxDB's, a message). */
export function classifySyncError(error: unknown): SyncProblem {
  const text = texts(error).join('\n');
  if (TIMEOUT.test(text)) return 'timeout';
  if (SESSION.test(text)) return 'session';
  if (UNREACHABLE.test(text)) return 'unreachable';
  // Anything else came with an answer: the server (or the database behind it) had a problem.
  return 'server';
}

/**
 * A short technical account of an error, for the status store and the console: the wrapped
 * error's name, code and message, never a library's hint or documentation link.
 */
export function syncErrorDetail(error: unknown): string {
  const found = texts(error).filter((text) => text.trim() !== '');
  return found.length > 0 ? found.join('; ') : 'Unknown error';
}
