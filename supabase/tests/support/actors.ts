/**
 * Test users for the database tests: auth users inserted as the owner (so the signup trigger makes
 * their profiles), promoted by the owner where a staff role is needed, and signed tokens for them.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestStack } from '../../../tests/integration/support/stack.ts';

export type Role = 'customer' | 'support' | 'admin';

export interface NewUser {
  id?: string;
  email?: string;
  role?: Role;
  meta?: Record<string, unknown>;
  /** Give the user a verified TOTP factor (admin data then needs an aal2 session). */
  verifiedFactor?: boolean;
}

/** Inserts an auth user (the profile trigger fires) and returns its id. */
export async function createUser(t: TestStack, user: NewUser = {}): Promise<string> {
  const id = user.id ?? randomUUID();
  const email = user.email ?? `${id.slice(0, 8)}@example.test`;
  await t.db.query(
    `insert into auth.users (id, instance_id, aud, role, email, raw_user_meta_data, raw_app_meta_data, created_at, updated_at)
     values ($1, '00000000-0000-0000-0000-000000000000', 'authenticated', 'authenticated', $2, $3::jsonb, '{}'::jsonb, now(), now())`,
    [id, email, JSON.stringify(user.meta ?? {})],
  );
  if (user.role && user.role !== 'customer') {
    await t.db.query('update public.profiles set role = $2 where user_id = $1', [id, user.role]);
  }
  if (user.verifiedFactor) {
    await t.db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
       values ($1, $2, 'phone', 'totp', 'verified', now(), now())`,
      [randomUUID(), id],
    );
  }
  return id;
}

/** A supabase-js client acting as the user (aal1 unless told otherwise). */
export async function clientFor(t: TestStack, id: string, aal: 'aal1' | 'aal2' = 'aal1'): Promise<SupabaseClient> {
  return t.client({ accessToken: await t.userToken(id, { aal }) });
}

/** One owner-side value (a single-column, single-row probe). */
export async function probe(t: TestStack, sql: string, params: unknown[] = []): Promise<unknown> {
  const r = await t.db.query<{ v: unknown }>(sql, params);
  return r.rows[0]?.v;
}
