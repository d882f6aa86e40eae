// The MFA calls as TanStack Query options: the factor list is online-only data (read from GoTrue,
// not replicated), and removing a factor changes that list.
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { listTotpFactors, unenrollFactor } from './mfa.ts';

export const totpFactorsQuery = queryOptions({
  queryKey: ['auth', 'mfa', 'totp-factors'],
  queryFn: listTotpFactors,
});

export const removeTotpFactorMutation = mutationOptions({
  mutationFn: (factorId: string) => unenrollFactor(factorId),
  meta: { invalidates: [totpFactorsQuery.queryKey] },
});
