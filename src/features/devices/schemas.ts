import * as v from 'valibot';
import { DEVICE_TYPES } from '@/db/collections/devices.ts';

// The limits of public.devices' check constraints, so a form never queues a write the server
// would refuse for good.
export const DEVICE_NAME_MAX = 100;
export const DEVICE_LOCATION_MAX = 100;
export const DEVICE_SERIAL_MAX = 100;
/** devices.open_alert_minutes: the owner is told when a door stays open longer than this. */
export const OPEN_ALERT_MIN = 1;
export const OPEN_ALERT_MAX = 240;
export const DEFAULT_OPEN_ALERT_MINUTES = 10;

export { DEVICE_TYPES };
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** A new device is an indoor unit unless the user picks another type. */
export const DEFAULT_DEVICE_TYPE: DeviceType = 'indoor_unit';

const tooLong = (what: string, max: number) => `${what} must be at most ${max} characters`;

// The form's per-field checks: lengths only. An empty name is not an error message: submitting
// without a name simply does nothing (the field is marked required).
const NameField = v.pipe(v.string(), v.trim(), v.maxLength(DEVICE_NAME_MAX, tooLong('Device name', DEVICE_NAME_MAX)));
const LocationField = v.pipe(v.string(), v.trim(), v.maxLength(DEVICE_LOCATION_MAX, tooLong('Location', DEVICE_LOCATION_MAX)));
const SerialField = v.pipe(v.string(), v.trim(), v.maxLength(DEVICE_SERIAL_MAX, tooLong('Serial number', DEVICE_SERIAL_MAX)));

/** Add Device as typed: the form validates with this. */
export const AddDeviceFormSchema = v.object({
  name: NameField,
  device_type: v.picklist(DEVICE_TYPES, 'Choose a device type'),
  location: LocationField,
  serial_number: SerialField,
});
export type AddDeviceValues = v.InferInput<typeof AddDeviceFormSchema>;

const OPEN_ALERT_MESSAGE = `Enter a whole number of minutes from ${OPEN_ALERT_MIN} to ${OPEN_ALERT_MAX}`;
// A NumberInput gives a number, or '' when emptied. One message, whichever check fails first.
const OpenAlertField = v.config(v.pipe(
  v.union([v.number(), v.string()], OPEN_ALERT_MESSAGE),
  v.check((value) => value !== '', OPEN_ALERT_MESSAGE),
  v.transform(Number),
  v.integer(OPEN_ALERT_MESSAGE),
  v.minValue(OPEN_ALERT_MIN, OPEN_ALERT_MESSAGE),
  v.maxValue(OPEN_ALERT_MAX, OPEN_ALERT_MESSAGE),
), { abortPipeEarly: true });

// An IANA name from the browser's list; the server checks it against its own time zone database.
const TimeZoneField = v.pipe(v.string('Choose a time zone'), v.minLength(1, 'Choose a time zone'), v.maxLength(64, 'Choose a time zone'));

/** The Settings dialog as typed. */
export const DeviceSettingsFormSchema = v.object({ name: NameField, location: LocationField, open_alert_minutes: OpenAlertField, time_zone: TimeZoneField });
export type DeviceSettingsValues = v.InferInput<typeof DeviceSettingsFormSchema>;

// What is written: the name trimmed and not empty (the table requires 1–100 characters after
// trimming), optional texts trimmed, and an empty one stored as null.
const RequiredName = v.pipe(NameField, v.minLength(1, 'Enter a device name'));
const OptionalText = (field: typeof LocationField) => v.pipe(field, v.transform((text) => (text === '' ? null : text)));

/** A new device's fields, ready for the collection (or a failure when the name is empty). */
export const NewDeviceSchema = v.object({
  name: RequiredName,
  device_type: v.picklist(DEVICE_TYPES),
  location: OptionalText(LocationField),
  serial_number: OptionalText(SerialField),
});
export type NewDeviceInput = v.InferOutput<typeof NewDeviceSchema>;

/** A rename or move of a device, how long its door may stand open before the owner is told, and its home's time zone. */
export const DeviceChangesSchema = v.object({ name: RequiredName, location: OptionalText(LocationField), open_alert_minutes: OpenAlertField, time_zone: TimeZoneField });
export type DeviceChanges = v.InferOutput<typeof DeviceChangesSchema>;

export const EMPTY_NEW_DEVICE: AddDeviceValues = { name: '', device_type: DEFAULT_DEVICE_TYPE, location: '', serial_number: '' };
