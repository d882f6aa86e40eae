import type { QueryKey } from '@tanstack/react-query';

/**
 * What queries and mutations may declare about themselves (TanStack Query's `meta`, typed here
 * for the whole app).
 */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** false: never saved on the device (the answer is large or not worth keeping offline). */
      persist?: boolean;
    };
    mutationMeta: {
      /** The lists this change affects: they are refetched once it settles, whatever its outcome. */
      invalidates?: readonly QueryKey[];
    };
  }
}
