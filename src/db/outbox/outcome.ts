import type { WriteError } from '../sync/sync-db.ts';

/** What the server (or the lack of one) said to one call: PostgREST's status and error body. */
export interface RpcAnswer {
  /** HTTP status; 0 when no answer arrived (offline, DNS, a timeout, a connection cut mid-answer). */
  status: number;
  error: { code?: string; message: string } | null;
}

export type Outcome =
  | { kind: 'delivered' }
  /** Try again later: nothing says the server would refuse it. `offline` stops the pass. */
  | { kind: 'retry'; error: WriteError; offline: boolean }
  /** The server refused it, and would again: set it aside for the user. */
  | { kind: 'refused'; error: WriteError };

/**
 * The delivery rule. Without an answer, or with a 5xx (the server's trouble), a 401 (an expired
 * token the client refreshes), a 408 or a 429 (come back later), the call may still succeed and
 * is retried. Any other 4xx is the server's final word on this call (not found, not allowed, a
 * check, a reused idempotency key): retrying cannot change it.
 */
export function outcomeOf(answer: RpcAnswer): Outcome {
  const { status, error } = answer;
  if (status >= 200 && status < 300 && !error) return { kind: 'delivered' };
  if (status === 0) return { kind: 'retry', offline: true, error: { code: 'network', message: error?.message ?? 'No answer from the server' } };
  const described = { code: error?.code || `HTTP ${status}`, message: error?.message || `HTTP ${status}` };
  if (status >= 400 && status < 500 && ![401, 408, 429].includes(status)) return { kind: 'refused', error: described };
  return { kind: 'retry', offline: false, error: described };
}
