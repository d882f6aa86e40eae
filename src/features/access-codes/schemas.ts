import * as v from 'valibot';
import { PERMISSION_TYPES } from '@/db/collections/access-permissions.ts';
import { daysToBits } from './schedule.ts';

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
 * A schedule, when chosen, needs at least one day and, unless all day, a start before its end
 * (the server refuses a window across midnight; the form says so first).
 */
export const CreateAccessCodeSchema = v.pipe(v.object({
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
  scheduled: v.boolean(),
  // Chip values: ISO weekday numbers as strings ('1' Monday … '7' Sunday).
  scheduleDays: v.array(v.picklist(['1', '2', '3', '4', '5', '6', '7'])),
  allDay: v.boolean(),
  // <input type="time">: 'HH:mm', or empty.
  scheduleStart: v.union([v.literal(''), v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/))], 'Enter a start time'),
  scheduleEnd: v.union([v.literal(''), v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/))], 'Enter an end time'),
}),
v.forward(v.partialCheck([['scheduled'], ['scheduleDays']], (f) => !f.scheduled || f.scheduleDays.length > 0, 'Choose at least one day'), ['scheduleDays']),
v.forward(v.partialCheck([['scheduled'], ['allDay'], ['scheduleStart']], (f) => !f.scheduled || f.allDay || f.scheduleStart !== '', 'Enter a start time'), ['scheduleStart']),
v.forward(v.partialCheck([['scheduled'], ['allDay'], ['scheduleEnd']], (f) => !f.scheduled || f.allDay || f.scheduleEnd !== '', 'Enter an end time'), ['scheduleEnd']),
v.forward(
  v.partialCheck(
    [['scheduled'], ['allDay'], ['scheduleStart'], ['scheduleEnd']],
    (f) => !f.scheduled || f.allDay || f.scheduleStart === '' || f.scheduleEnd === '' || f.scheduleStart < f.scheduleEnd,
    'The end time must be after the start time (a window cannot cross midnight)',
  ),
  ['scheduleEnd'],
));

export type CreateAccessCodeValues = v.InferInput<typeof CreateAccessCodeSchema>;

export interface NewPermission {
  device_id: string;
  permission_type: PermissionType;
  granted_to_name: string | null;
  granted_to_email: string | null;
  expires_at: string | null;
  max_usage: number | null;
  schedule_days: number | null;
  schedule_start: string | null;
  schedule_end: string | null;
}

/** The columns a valid form writes (empty optional fields become null). Times as Postgres returns them, 'HH:mm:ss'. */
export function toNewPermission(values: CreateAccessCodeValues): NewPermission {
  const hours = values.scheduled && !values.allDay;
  return {
    device_id: values.deviceId,
    permission_type: values.permissionType,
    granted_to_name: emptyToNull(values.grantedToName),
    granted_to_email: emptyToNull(values.grantedToEmail),
    expires_at: values.expiresAt === '' ? null : new Date(values.expiresAt).toISOString(),
    max_usage: values.maxUsage === '' ? null : values.maxUsage,
    schedule_days: values.scheduled ? daysToBits(values.scheduleDays.map(Number)) : null,
    schedule_start: hours ? `${values.scheduleStart}:00` : null,
    schedule_end: hours ? `${values.scheduleEnd}:00` : null,
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
