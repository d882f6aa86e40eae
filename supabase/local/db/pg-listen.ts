/**
 * LISTEN for the PostgreSQL engine: one dedicated node-postgres client per listen() call (a pooled
 * connection would lose its LISTEN when released, and a LISTEN inside a request's transaction is
 * rolled back with it). A dropped connection is re-opened with a growing delay; `onReconnect`
 * then lets the caller catch up, since notifications sent while it was away are gone.
 */
import pg from 'pg';

const MAX_DELAY_MS = 5000;

export async function listenPostgres(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid LISTEN channel name: ${channel}`);
  let client: pg.Client | undefined;
  let closed = false;
  let delay = 100;
  let timer: NodeJS.Timeout | undefined;

  const open = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    // Errors arrive as events on an idle client; unhandled, they would end the process.
    c.on('error', () => undefined);
    c.on('end', () => {
      if (client === c) client = undefined;
      if (!closed) schedule();
    });
    c.on('notification', (n) => {
      if (n.channel !== channel) return;
      try {
        onNotify(n.payload ?? '');
      } catch (error) {
        console.error('[local-supabase] LISTEN handler failed:', error);
      }
    });
    await c.connect();
    await c.query(`listen ${channel}`);
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    delay = 100;
  };

  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      open().then(
        () => {
          try {
            onReconnect?.();
          } catch (error) {
            console.error('[local-supabase] LISTEN reconnect handler failed:', error);
          }
        },
        () => {
          delay = Math.min(delay * 2, MAX_DELAY_MS);
          schedule();
        },
      );
    }, delay);
    timer.unref();
  };

  await open();
  return async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    const c = client;
    client = undefined;
    await c?.end().catch(() => undefined);
  };
}
