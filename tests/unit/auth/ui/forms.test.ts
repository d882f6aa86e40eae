import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { MfaCodeSchema, NewPasswordSchema, SignInSchema, SignUpSchema } from '@/features/auth/forms.ts';

// The first message per field, as the form shows it (@mantine/form's schemaResolver keeps the first).
const messages = (result: v.SafeParseResult<v.GenericSchema>) => {
  const out: Record<string, string> = {};
  for (const issue of result.issues ?? []) out[v.getDotPath(issue) ?? ''] ??= issue.message;
  return out;
};

describe('auth form schemas', () => {
  it('sign in: email and password required; the password is taken as typed', () => {
    expect(messages(v.safeParse(SignInSchema, { email: ' ', password: '' }))).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(v.parse(SignInSchema, { email: ' ada@example.com ', password: ' pw ' })).toEqual({ email: 'ada@example.com', password: ' pw ' });
  });

  it('sign up: names optional, password at least 8 characters (config.toml minimum)', () => {
    expect(v.safeParse(SignUpSchema, { email: 'a@b.co', password: '12345678', firstName: '', lastName: '' }).success).toBe(true);
    expect(messages(v.safeParse(SignUpSchema, { email: 'a@b', password: '1234567', firstName: '', lastName: '' }))).toEqual({
      email: 'Enter a valid email address',
      password: 'Password must be at least 8 characters',
    });
  });

  it('new password: the mismatch is reported on the confirm field', () => {
    expect(messages(v.safeParse(NewPasswordSchema, { password: 'a-new-password', confirm: 'a-new-passw0rd' }))).toEqual({
      confirm: 'Passwords do not match',
    });
    expect(v.safeParse(NewPasswordSchema, { password: 'a-new-password', confirm: 'a-new-password' }).success).toBe(true);
  });

  it('MFA code: six digits, spaces from a pasted code ignored', () => {
    expect(v.parse(MfaCodeSchema, { code: '123 456' })).toEqual({ code: '123456' });
    for (const code of ['12345', '1234567', '12345a', '']) expect(v.safeParse(MfaCodeSchema, { code }).success, code).toBe(false);
  });
});
