import type { SupabaseClient } from '@supabase/supabase-js';
import { GUEST, type OutboxEntry } from '../sync/sync-db.ts';
import { REQUEST_DEADLINE_MS, withDeadline } from '@/lib/deadline.ts';
import type { RpcAnswer } from './outcome.ts';

/** How an entry reaches its server function. */
export interface OutboxTransport {
  /**
   * Calls `rpc` as the entry's maker: a guest with the anon key, a user with that user's own
   * access token. Resolves null, without calling, when that user has no session here now.
   */
  call(entry: OutboxEntry, rpc: string, params: Record<string, unknown>): Promise<RpcAnswer | null>;
}

// Not `SupabaseClient` itself: the app's client and a test's differ in their schema generics.
type Client = Pick<SupabaseClient, 'rpc' | 'auth'>;

export interface RpcTransportOptions {
  client: () => Promise<Client>;
  anonKey: string;
  /** The user's current access token, or null when the session here belongs to nobody or someone else. */
  tokenFor(client: Client, userId: string): Promise<string | null>;
  /** A call without an answer by then counts as no answer (and is retried). */
  timeoutMs?: number;
}

/**
 * The signed-in session's token, if it is `userId`'s (supabase-js refreshes it when near expiry).
 * getSession waits for a refresh, which can hang on poor signal: past the deadline it throws a
 * DeadlineError, and the deliverer retries the entry after its backoff.
 */
export async function sessionTokenFor(client: Client, userId: string, timeoutMs = REQUEST_DEADLINE_MS): Promise<string | null> {
  const { data } = await withDeadline(client.auth.getSession(), timeoutMs);
  const session = data.session;
  return session && session.user.id === userId ? session.access_token : null;
}

/**
 * Delivery through supabase-js's `rpc`. The token is set on the request itself rather than left
 * to the client's session: the identity is the one checked here, so a sign-in or sign-out in
 * another tab between the check and the call cannot deliver one user's write as another's.
 */
export function createRpcTransport(options: RpcTransportOptions): OutboxTransport {
  const timeoutMs = options.timeoutMs ?? REQUEST_DEADLINE_MS;
  return {
    async call(entry, rpc, params) {
      // Loading supabase-js is a chunk fetch: bounded like any other.
      const client = await withDeadline(options.client(), timeoutMs);
      const token = entry.userId === GUEST ? options.anonKey : await options.tokenFor(client, entry.userId);
      if (!token) return null;
      const { status, error } = await client
        .rpc(rpc, params)
        .setHeader('Authorization', `Bearer ${token}`)
        .abortSignal(AbortSignal.timeout(timeoutMs));
      return { status, error: error ? { code: error.code, message: error.message } : null };
    },
  };
}
