/** What a screen of online-only data shows, from its query's state. */
export type QueryPhase = 'loading' | 'offline' | 'failed' | 'ready';

interface QueryState {
  data: unknown;
  isError: boolean;
  isPaused: boolean;
}

/**
 * - 'ready': there is an answer, fresh or saved (a failed or paused refetch keeps it on screen;
 *   DataAge says how old it is and why it was not refreshed);
 * - 'failed': no answer and the request failed (show the error with Retry);
 * - 'offline': no answer and no connection: the query waits for one, so a spinner would spin
 *   until then (show that this screen needs a connection the first time);
 * - 'loading': the first answer is on its way (show a skeleton).
 */
export function queryPhase({ data, isError, isPaused }: QueryState): QueryPhase {
  if (data !== undefined) return 'ready';
  if (isError) return 'failed';
  if (isPaused) return 'offline';
  return 'loading';
}
