import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryPhase } from '@/lib/query/phase.ts';
import type { Factor } from '../../data/mfa.ts';
import { totpFactorsQuery } from '../../data/mfa-queries.ts';

export type FactorsState =
  | { status: 'loading'; factors: Factor[] }
  | { status: 'loaded'; factors: Factor[] }
  | { status: 'failed'; factors: Factor[]; error: string };

export const OFFLINE_MESSAGE = 'You are offline. Your two-factor settings load when the connection returns.';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Please try again.');

/** The signed-in user's TOTP factors, with a reload for after enrolment, removal or a failure. */
export function useTotpFactors(): FactorsState & { reload: () => Promise<void> } {
  const queryClient = useQueryClient();
  const query = useQuery(totpFactorsQuery);

  // A failed load shows its error even over an earlier list: these settings are acted on, and
  // acting on a list the server could not confirm would mislead.
  let state: FactorsState;
  if (query.isError) state = { status: 'failed', factors: [], error: messageOf(query.error) };
  else {
    const phase = queryPhase(query);
    if (phase === 'ready') state = { status: 'loaded', factors: query.data ?? [] };
    else if (phase === 'offline') state = { status: 'failed', factors: [], error: OFFLINE_MESSAGE };
    else state = { status: 'loading', factors: [] };
  }

  const failed = state.status === 'failed';
  const reload = useCallback(async () => {
    const { queryKey } = totpFactorsQuery;
    // After a failure the section goes back to its skeleton; a loaded list stays while it reloads.
    // Either way a newer request replaces one in flight, so a slow first answer cannot win.
    if (failed) await queryClient.resetQueries({ queryKey });
    else await queryClient.invalidateQueries({ queryKey });
  }, [failed, queryClient]);

  return { ...state, reload };
}
