import * as v from 'valibot';

/** supabase/config.toml `minimum_password_length`: the client says it before the server does. */
export const MIN_PASSWORD_LENGTH = 8;
export const MFA_CODE_LENGTH = 6;

// Messages the forms show under their fields.
export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  confirmRequired: 'Confirm your new password',
  passwordsDiffer: 'Passwords do not match',
  codeInvalid: `Enter the ${MFA_CODE_LENGTH}-digit code from your authenticator app`,
} as const;

const Email = v.pipe(v.string(), v.trim(), v.nonEmpty(MESSAGES.emailRequired), v.email(MESSAGES.emailInvalid));
// Passwords are never trimmed: spaces are characters of the password.
const CurrentPassword = v.pipe(v.string(), v.nonEmpty(MESSAGES.passwordRequired));
const NewPassword = v.pipe(v.string(), v.nonEmpty(MESSAGES.passwordRequired), v.minLength(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort));
const OptionalName = v.pipe(v.string(), v.trim(), v.maxLength(100, 'Use at most 100 characters'));

/** Spec §5: sign in needs email and password. */
export const SignInSchema = v.object({ email: Email, password: CurrentPassword });
export type SignInValues = v.InferInput<typeof SignInSchema>;

/** Spec §5: sign up needs email and password; first and last name are optional (sent as metadata). */
export const SignUpSchema = v.object({ email: Email, password: NewPassword, firstName: OptionalName, lastName: OptionalName });
export type SignUpValues = v.InferInput<typeof SignUpSchema>;

export const ForgotPasswordSchema = v.object({ email: Email });
export type ForgotPasswordValues = v.InferInput<typeof ForgotPasswordSchema>;

export const NewPasswordSchema = v.pipe(
  v.object({ password: NewPassword, confirm: v.pipe(v.string(), v.nonEmpty(MESSAGES.confirmRequired)) }),
  v.forward(
    v.partialCheck([['password'], ['confirm']], (input) => input.password === input.confirm, MESSAGES.passwordsDiffer),
    ['confirm'],
  ),
);
export type NewPasswordValues = v.InferInput<typeof NewPasswordSchema>;

/** A TOTP code: six digits (spaces pasted from an authenticator app are ignored). */
export const MfaCodeSchema = v.object({
  code: v.pipe(
    v.string(),
    v.transform((value) => value.replace(/\s+/g, '')),
    v.regex(new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`), MESSAGES.codeInvalid),
  ),
});
export type MfaCodeValues = v.InferInput<typeof MfaCodeSchema>;
