import { useCallback, useRef, useState } from 'react';

/**
 * Runs one submit at a time: `busy` drives the button's loading state, and a ref (not state)
 * makes a second click in the same tick see the first one, so a form never submits twice.
 */
export function useSubmit(): [busy: boolean, run: (task: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const run = useCallback(async (task: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
