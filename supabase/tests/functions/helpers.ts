/**
 * Shared helpers for the SQL-function tests: users of each role (auth.users rows inserted as the
 * owner; the signup trigger creates the profile, then the role is set as an admin would), a
 * supabase-js client per user, and a raw /rest/v1/rpc call for custom request headers.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { TestStack } from '../../../tests/integration/support/stack.ts';

export type Role = 'customer' | 'support' | 'admin';

export interface TestUser {
  id: string;
  email: string;
  token: string;
  client: SupabaseClient;
}

let counter = 0;

export async function createUser(t: TestStack, role: Role = 'customer', extraClaims: Record<string, unknown> = {}): Promise<TestUser> {
  const id = randomUUID();
  const email = `${role}-${Date.now().toString(36)}-${counter++}@example.test`;
  await t.db.query(
    `insert into auth.users (id, email, raw_user_meta_data, aud, role, email_confirmed_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, 'authenticated', 'authenticated', now(), now(), now())`,
    [id, email, JSON.stringify({ first_name: `First${counter}`, last_name: role })],
  );
  if (role !== 'customer') await t.db.query(`update public.profiles set role = $2 where user_id = $1`, [id, role]);
  const token = await t.userToken(id, { email, ...extraClaims });
  return { id, email, token, client: t.client({ accessToken: token }) };
}

/** A supabase-js client that sends extra headers (x-forwarded-for, user-agent) on every request. */
export function clientWithHeaders(t: TestStack, token: string, headers: Record<string, string>): SupabaseClient {
  return createClient(t.url, t.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    global: { headers: { Authorization: `Bearer ${token}`, ...headers } },
  });
}

export async function one<Row>(t: TestStack, sql: string, params: unknown[] = []): Promise<Row> {
  const r = await t.db.query<Row>(sql, params);
  const row = r.rows[0];
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
}

export async function countRows(t: TestStack, sql: string, params: unknown[] = []): Promise<number> {
  const r = await t.db.query<{ n: string | number }>(`select count(*) as n from (${sql}) s`, params);
  return Number(r.rows[0]?.n ?? 0);
}
