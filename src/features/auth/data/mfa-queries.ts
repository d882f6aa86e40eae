// The MFA calls as TanStack Query options: the factor list is online-only data (read from GoTrue,
// not replicated), and removing a factor changes that list.
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { listTotpFactors, unenrollFactor } from './mfa.ts';

export const totpFactorsQuery = queryOptions({
  queryKey: ['auth', 'mfa', 'totp-factors'],
  queryFn: listTotpFactors,
  // Security settings are acted on: read from the server each time the section opens, never from
  // a saved answer (an e2e run once restored a list from before the factor was verified, and
  // Remove acted on it). Offline, the section says so instead (use-totp-factors.ts).
  staleTime: 0,
  meta: { persist: false },
});

export const removeTotpFactorMutation = mutationOptions({
  mutationFn: (factorId: string) => unenrollFactor(factorId),
  meta: { invalidates: [totpFactorsQuery.queryKey] },
});
