import * as v from 'valibot';
import { ROLES } from './roles.ts';

export type { Role } from './roles.ts';


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
