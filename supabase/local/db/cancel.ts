import pg from 'pg';

/**
 * A statement whose client went away keeps its backend busy until it ends (or its statement
 * timeout fires). When a request is aborted and its statement is still running a moment later,
 * `pg_cancel_backend` stops it from another connection, as PostgREST cannot but a gateway would.
 * Cheap: nothing happens for a request that completes, the short delay spares statements about to
 * finish anyway, and the cancel goes over its own one-connection pool so a full request pool
 * cannot hold it up.
 */
const CANCEL_DELAY_MS = 50;

export interface Canceller {
  /**
   * Watches `signal` while the connection with backend `pid` runs a request. `stop()` — call it
   * before releasing the connection — waits for a cancel in flight and says whether one was sent:
   * such a connection must be destroyed, not reused, so a late cancel can never hit another
   * request's statement.
   */
  watch(signal: AbortSignal | undefined, pid: number | null | undefined): { stop(): Promise<boolean> };
  close(): Promise<void>;
}

export function createCanceller(connectionString: string): Canceller {
  let pool: pg.Pool | undefined;
  const cancel = async (pid: number): Promise<void> => {
    if (!pool) {
      pool = new pg.Pool({ connectionString, max: 1, idleTimeoutMillis: 5_000 });
      pool.on('error', () => undefined); // an idle cancel connection that drops is simply reopened
    }
    await pool.query('select pg_cancel_backend($1)', [pid]).catch(() => undefined);
  };

  return {
    watch(signal, pid) {
      if (!signal || !pid) return { stop: async () => false };
      let timer: ReturnType<typeof setTimeout> | undefined;
      let sent: Promise<void> | undefined;
      const onAbort = () => {
        timer = setTimeout(() => { sent = cancel(pid); }, CANCEL_DELAY_MS);
      };
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
      return {
        async stop() {
          signal.removeEventListener('abort', onAbort);
          if (timer) clearTimeout(timer);
          if (!sent) return false;
          await sent;
          return true;
        },
      };
    },
    close: async () => {
      await pool?.end();
    },
  };
}
