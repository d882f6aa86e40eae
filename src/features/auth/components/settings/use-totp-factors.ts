import { useCallback, useEffect, useRef, useState } from 'react';
import { listTotpFactors, type Factor } from '../../data/mfa.ts';

export type FactorsState =
  | { status: 'loading'; factors: Factor[] }
  | { status: 'loaded'; factors: Factor[] }
  | { status: 'failed'; factors: Factor[]; error: string };

/** The signed-in user's TOTP factors, with a reload for after enrolment, removal or a failure. */
export function useTotpFactors(): FactorsState & { reload: () => Promise<void> } {
  const [state, setState] = useState<FactorsState>({ status: 'loading', factors: [] });
  // Only the newest request may set the state (a slow first load must not overwrite a reload).
  const latest = useRef(0);

  // Sets state only once the answer is in: the first load starts in 'loading' already.
  const load = useCallback(() => {
    const request = ++latest.current;
    return listTotpFactors().then(
      (factors) => {
        if (request === latest.current) setState({ status: 'loaded', factors });
      },
      (error: unknown) => {
        if (request !== latest.current) return;
        const message = error instanceof Error && error.message ? error.message : 'Please try again.';
        setState({ status: 'failed', factors: [], error: message });
      },
    );
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const reload = useCallback(async () => {
    setState((previous) => (previous.status === 'failed' ? { status: 'loading', factors: [] } : previous));
    await load();
  }, [load]);

  return { ...state, reload };
}
