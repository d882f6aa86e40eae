import * as v from 'valibot';

export const ROLES = ['customer', 'support', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A `profiles` row as the API returns it, mapped to the app's shape at the boundary. */
export const ProfileRowSchema = v.pipe(
  v.object({
    user_id: v.pipe(v.string(), v.uuid()),
    first_name: v.nullable(v.string()),
    last_name: v.nullable(v.string()),
    email: v.nullable(v.string()),
    role: v.picklist(ROLES),
  }),
  v.transform((row) => ({
    userId: row.user_id,
    firstName: row.first_name?.trim() || null,
    lastName: row.last_name?.trim() || null,
    email: row.email,
    role: row.role,
  })),
);

export type Profile = v.InferOutput<typeof ProfileRowSchema>;

/** The profile cached on the device (offline start), same shape as the mapped row. */
export const CachedProfileSchema = v.object({
  userId: v.pipe(v.string(), v.uuid()),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  email: v.nullable(v.string()),
  role: v.picklist(ROLES),
});

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
