/**
 * Sessions that have ended, so /rest/v1 and /realtime/v1 can refuse an access token whose session
 * was signed out (or ended by refresh-token reuse, a ban, a deleted user) without a query per
 * request. The set lives in memory and follows `_local.ended_sessions` (platform SQL, filled by a
 * trigger on auth.sessions): loaded at start, then read incrementally by `refresh()` — which
 * /auth/v1 awaits after it ends sessions, so the very next request is refused — and on a short
 * interval for sessions ended by other paths (SQL, another process on the same PostgreSQL).
 */
import type { Db, EndedSessions } from './contracts.ts';

/** How often sessions ended outside /auth/v1 are picked up. */
const POLL_MS = 1000;
/**
 * Sequence numbers are taken when a row is inserted, not when it commits: a transaction that
 * ended session X (seq N) can commit after another one (seq N+1) was already read, so reading
 * only `seq > last` would skip X for good. Each read therefore also takes every row whose
 * transaction started within this window (`ended_at` is the transaction's start time); the set
 * drops repeats. Only a transaction held open longer than this could still slip past.
 */
const OVERLAP = '10 minutes';

export async function createEndedSessions(db: Db, options: { pollMs?: number } = {}): Promise<EndedSessions> {
  const ended = new Set<string>();
  const listeners = new Set<(ids: string[]) => void>();
  let lastSeq = 0;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  async function read(): Promise<void> {
    const r = await db.query<{ seq: string | number; session_id: string }>(
      `select seq, session_id::text as session_id from _local.ended_sessions
       where seq > $1 or ended_at > now() - interval '${OVERLAP}' order by seq`,
      [lastSeq],
    );
    const fresh: string[] = [];
    for (const row of r.rows) {
      lastSeq = Math.max(lastSeq, Number(row.seq));
      if (!ended.has(row.session_id)) {
        ended.add(row.session_id);
        fresh.push(row.session_id);
      }
    }
    if (fresh.length) for (const listener of listeners) listener(fresh);
  }

  // One read at a time; a refresh asked for during a read runs once more after it, so a caller
  // never resolves on a read that started before its own commit.
  function refresh(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await read();
        } while (again && !closed);
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  await refresh();
  const timer = setInterval(() => {
    if (!closed) refresh().catch(() => undefined); // a dropped connection: try again next tick
  }, options.pollMs ?? POLL_MS);
  timer.unref();

  return {
    has: (sessionId) => typeof sessionId === 'string' && ended.has(sessionId),
    refresh,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      clearInterval(timer);
    },
  };
}
