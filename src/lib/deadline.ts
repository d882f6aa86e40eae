/**
 * Deadlines for network calls. On poor signal a connection can hang without ever failing; a call
 * left waiting for it holds up everything queued behind it (a collection's pushes, a refresh of
 * the session). Every call the app makes has a deadline instead, and a call past it fails as an
 * unreachable server does: with a TypeError, which supabase-js, postgrest-js and RxDB's
 * replication all treat as "network failure, try again later".
 */

/** How long one request may take before it counts as "server unreachable". */
export const REQUEST_DEADLINE_MS = 15_000;

/** The error of a call that got no answer in time (a TypeError, as a failed fetch's is). */
export class DeadlineError extends TypeError {
  constructor(ms: number) {
    super(`Failed to fetch: no answer within ${Math.round(ms / 1000)} s`);
    this.name = 'DeadlineError';
  }
}

export function isDeadlineError(error: unknown): error is DeadlineError {
  return error instanceof DeadlineError;
}

/**
 * Wraps a fetch so each request is aborted after `ms` (reading its body included). The caller's
 * own signal still works; an abort the caller asked for rejects as it would have.
 */
export function fetchWithDeadline(base: typeof fetch, ms: number = REQUEST_DEADLINE_MS): typeof fetch {
  return async (input, init) => {
    const timeout = AbortSignal.timeout(ms);
    const own = init?.signal ?? undefined;
    const signal = own ? AbortSignal.any([own, timeout]) : timeout;
    try {
      return await base(input, { ...init, signal });
    } catch (error) {
      if (timeout.aborted && !own?.aborted) throw new DeadlineError(ms);
      throw error;
    }
  };
}

/**
 * Resolves as `promise` does, or rejects with a DeadlineError after `ms`: for calls whose
 * library takes no signal (supabase-js's getSession waiting on a refresh).
 */
export function withDeadline<T>(promise: Promise<T>, ms: number = REQUEST_DEADLINE_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(ms)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}
