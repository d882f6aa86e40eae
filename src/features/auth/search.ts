import * as v from 'valibot';
import { safeRedirectTarget } from './schemas.ts';

export const AUTH_MODES = ['sign-in', 'sign-up', 'forgot', 'reset'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/**
 * /auth search params: `redirect` = where the guard found the user (kept only when it is a path on
 * this site), `mode` = which panel opens (the recovery e-mail link comes back with mode=reset).
 */
export const AuthSearchSchema = v.object({
  redirect: v.optional(v.pipe(v.unknown(), v.transform((value) => safeRedirectTarget(value) ?? undefined))),
  mode: v.optional(v.fallback(v.picklist(AUTH_MODES), 'sign-in')),
});

export type AuthSearch = v.InferOutput<typeof AuthSearchSchema>;
