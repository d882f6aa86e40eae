import * as v from 'valibot';

/**
 * Where to go after signing in. Only same-site paths are accepted ('/x', never '//host' or
 * 'https://…'), so a crafted /auth?redirect=… link cannot send a user to another site.
 */
export const RedirectTargetSchema = v.pipe(
  v.string(),
  v.maxLength(2000),
  v.regex(/^\/(?![/\\])/, 'Redirect must be a path on this site'),
);

export function safeRedirectTarget(candidate: unknown): string | null {
  const result = v.safeParse(RedirectTargetSchema, candidate);
  if (!result.success || result.output.startsWith('/auth')) return null;
  return result.output;
}

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
