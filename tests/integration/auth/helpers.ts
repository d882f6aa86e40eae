import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestStack, type Engine, type TestStack } from '../support/stack.ts';

/** Generous limits so suites are not throttled; the rate-limit test sets its own. */
export const ROOMY_LIMITS = {
  sign_in_sign_ups: 10_000, token_refresh: 10_000, token_verifications: 10_000, email_sent: 10_000, email_sent_per_address: 10_000,
};

/** `others`: further config.toml tables, e.g. { api: { trusted_proxies: ['127.0.0.1'] } }. */
export function authStack(engine: Engine, auth: Record<string, unknown> = {}, others: Record<string, unknown> = {}): Promise<TestStack> {
  const { rate_limit, email, ...rest } = auth as { rate_limit?: object; email?: object };
  return startTestStack({
    engine,
    bare: true,
    configOverrides: { ...others, auth: { ...rest, rate_limit: { ...ROOMY_LIMITS, ...rate_limit }, email: { max_frequency: '0s', ...email } } },
  });
}

export interface MailMessage { id: number; to: string; subject: string; text: string; links: string[] }

/** The local mailbox of an address, newest first. */
export async function inbox(t: TestStack, to: string): Promise<MailMessage[]> {
  const res = await fetch(`${t.url}/mailbox/api/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: MailMessage[] }).messages;
}

/** The six-digit code and the verify link of a confirmation or recovery e-mail. */
export function codeOf(mail: MailMessage): { otp: string; link: URL } {
  const otp = /enter the code: (\d{6})/.exec(mail.text)?.[1];
  if (!otp) throw new Error(`no code in ${mail.text}`);
  return { otp, link: new URL(mail.links[0]!) };
}

let counter = 0;
export const uniqueEmail = (tag = 'user') => `${tag}-${Date.now().toString(36)}-${counter++}@example.test`;
export const PASSWORD = 'correct horse 1';

/** A confirmed user created through the admin API, and a client signed in as them. */
export async function signedInUser(t: TestStack, email = uniqueEmail()): Promise<{ client: SupabaseClient; email: string; userId: string }> {
  const admin = t.client({ serviceRole: true });
  const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (created.error) throw created.error;
  const client = t.client();
  const signIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (signIn.error) throw signIn.error;
  return { client, email, userId: created.data.user.id };
}

export const totpCode = (secret: string, timestamp = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });

/** Raw call to /auth/v1 with the anon key, for shapes supabase-js hides. */
export async function raw(t: TestStack, method: string, path: string, init: { body?: string | object; headers?: Record<string, string> } = {}) {
  const body = typeof init.body === 'string' ? init.body : init.body ? JSON.stringify(init.body) : undefined;
  const res = await fetch(`${t.url}/auth/v1${path}`, {
    method,
    headers: { apikey: t.anonKey, 'content-type': 'application/json', ...init.headers },
    ...(body !== undefined ? { body } : {}),
    redirect: 'manual',
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, headers: res.headers };
}

export async function count(t: TestStack, table: string): Promise<number> {
  const r = await t.db.query<{ n: string | number }>(`select count(*) as n from ${table}`);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Opens a verification link from a mail as the user's mail client would: it answers 303 to the
 * site's /welcome with the session (or the error) in the fragment, which is returned.
 */
export async function followVerifyLink(link: URL, type: string): Promise<URLSearchParams> {
  expect(link.pathname).toBe('/auth/v1/verify');
  expect(link.searchParams.get('type')).toBe(type);
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location')!);
  expect(location.origin + location.pathname).toBe('http://127.0.0.1:4173/welcome');
  const fragment = new URLSearchParams(location.hash.slice(1));
  expect(fragment.get('type')).toBe(type);
  return fragment;
}
