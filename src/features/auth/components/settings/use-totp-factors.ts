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

  const reload = useCallback(async () => {
    const request = ++latest.current;
    setState((previous) => (previous.status === 'failed' ? { status: 'loading', factors: [] } : previous));
    try {
      const factors = await listTotpFactors();
      if (request === latest.current) setState({ status: 'loaded', factors });
    } catch (error) {
      if (request !== latest.current) return;
      const message = error instanceof Error && error.message ? error.message : 'Please try again.';
      setState({ status: 'failed', factors: [], error: message });
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { ...state, reload };
}
