import * as v from 'valibot';

/** profiles.first_name / last_name carry `char_length(...) <= 100` checks in the database. */
export const NAME_MAX = 100;

const NameSchema = (label: string) =>
  v.pipe(v.string(), v.trim(), v.maxLength(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`));

/** The settings Profile form: both names optional (an empty field clears the name). */
export const ProfileNameSchema = v.object({
  firstName: NameSchema('First name'),
  lastName: NameSchema('Last name'),
});

export type ProfileNameInput = v.InferInput<typeof ProfileNameSchema>;

/** An authenticator code: six digits (spaces, as some apps show "123 456", are dropped). */
export const TotpCodeSchema = v.pipe(
  v.string(),
  v.transform((code) => code.replace(/\s+/g, '')),
  v.regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
);
