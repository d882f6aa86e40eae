import * as v from 'valibot';
import { PERMISSION_TYPES } from '@/db/collections/access-permissions.ts';

export { PERMISSION_TYPES };
export type PermissionType = (typeof PERMISSION_TYPES)[number];

/** Column limits of public.access_permissions. */
export const GRANTED_TO_MAX = 100;
export const EMAIL_MAX = 320;

const emptyToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The Create Access Code form. The device is not checked here: without one, submitting does
 * nothing (the field is marked required). Email is optional but must look like an address;
 * expiry and max usage are optional, empty becomes null; max usage is a whole number from 1.
 */
export const CreateAccessCodeSchema = v.object({
  deviceId: v.string(),
  permissionType: v.picklist(PERMISSION_TYPES, 'Choose a permission type'),
  grantedToName: v.pipe(v.string(), v.maxLength(GRANTED_TO_MAX, `Name must be at most ${GRANTED_TO_MAX} characters`)),
  grantedToEmail: v.union(
    [v.pipe(v.string(), v.trim(), v.length(0)), v.pipe(v.string(), v.trim(), v.email('Enter a valid email address'), v.maxLength(EMAIL_MAX))],
    'Enter a valid email address',
  ),
  // <input type="datetime-local">: 'YYYY-MM-DDTHH:mm' in the visitor's time zone, or empty.
  expiresAt: v.union(
    [v.literal(''), v.pipe(v.string(), v.check((value) => !Number.isNaN(new Date(value).getTime()), 'Enter a valid date and time'))],
    'Enter a valid date and time',
  ),
  maxUsage: v.union(
    [v.literal(''), v.pipe(v.number(), v.integer(), v.minValue(1))],
    'Max usage must be a whole number of at least 1',
  ),
});

export type CreateAccessCodeValues = v.InferInput<typeof CreateAccessCodeSchema>;

export interface NewPermission {
  device_id: string;
  permission_type: PermissionType;
  granted_to_name: string | null;
  granted_to_email: string | null;
  expires_at: string | null;
  max_usage: number | null;
}

/** The columns a valid form writes (empty optional fields become null). */
export function toNewPermission(values: CreateAccessCodeValues): NewPermission {
  return {
    device_id: values.deviceId,
    permission_type: values.permissionType,
    granted_to_name: emptyToNull(values.grantedToName),
    granted_to_email: emptyToNull(values.grantedToEmail),
    expires_at: values.expiresAt === '' ? null : new Date(values.expiresAt).toISOString(),
    max_usage: values.maxUsage === '' ? null : values.maxUsage,
  };
}

/**
 * /dashboard/access search: `create` opens the Create Access Code dialog with that permission
 * type, `order` prefills it for the delivery of one of the user's orders. Anything else is dropped.
 */
export const AccessSearchSchema = v.object({
  create: v.fallback(v.optional(v.picklist(PERMISSION_TYPES)), undefined),
  order: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
});

export type AccessSearch = v.InferOutput<typeof AccessSearchSchema>;
