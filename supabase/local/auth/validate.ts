import { AuthError, validationFailed } from './http.ts';

/** GoTrue's validateEmail: required, at most 255 characters, a plausible address. */
export function validEmail(v: unknown): string {
  if (v === undefined || v === null || v === '') throw validationFailed('An email address is required');
  if (typeof v !== 'string') throw validationFailed('Unable to validate email address: invalid format');
  const email = v.trim();
  if (email.length > 255) throw validationFailed('An email address is too long');
  if (!/^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/.test(email)) {
    throw validationFailed('Unable to validate email address: invalid format');
  }
  return email.toLowerCase();
}

/** GoTrue's validatePhone: `+` and spaces dropped, then E.164 digits. */
export function validPhone(v: unknown): string {
  const phone = (typeof v === 'string' ? v : '').replace(/^\+/, '').replaceAll(' ', '');
  if (!/^[1-9][0-9]{1,14}$/.test(phone)) throw validationFailed('Invalid phone number format (E.164 required)');
  return phone;
}

export function optionalString(v: unknown, field: string, max: number): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw badJson(field, 'string');
  if (v.length > max) throw validationFailed(`${field} is too long`);
  return v;
}

/** user_metadata / app_metadata must be JSON objects (GoTrue unmarshals into map[string]interface{}). */
export function optionalObject(v: unknown, field: string): Record<string, unknown> | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw badJson(field, 'object');
  return v as Record<string, unknown>;
}

const badJson = (field: string, type: string) =>
  new AuthError(400, 'bad_json', `Could not parse request body as JSON: json: cannot unmarshal into Go struct field .${field} of type ${type}`);

export const isUuid = (s: string | undefined): s is string => !!s && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
