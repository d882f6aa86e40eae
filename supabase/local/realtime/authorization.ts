/**
 * Realtime Authorization of private channels, the way Realtime does it against RLS on
 * `realtime.messages` (platform/62_realtime_messages.sql): each check runs in its own transaction
 * that is always rolled back, under the user's role and claims with `realtime.topic` set.
 * Read (at join): one probe row per extension is inserted as the owner, then selected back as the
 * user; the probes the user can see are the extensions they may receive. Write (before the first
 * broadcast or presence track): a row inserted as the user; accepted means they may send.
 */
import { randomUUID } from 'node:crypto';
import type { Db, JwtClaims, Tx } from '../contracts.ts';

export type Extension = 'broadcast' | 'presence';

/** What one private channel may do; `undefined` = not checked yet. */
export interface Policies {
  read: Partial<Record<Extension, boolean>>;
  write: Partial<Record<Extension, boolean>>;
}

class Rollback<T> {
  constructor(readonly value: T) {}
}

/** Runs `fn` in a transaction that is rolled back, and returns its result. */
export async function rolledBack<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
  throw new Error('unreachable');
}

/** The request settings Realtime sets for a check (transaction-local). */
export async function actAs(tx: Tx, topic: string, claims: JwtClaims): Promise<void> {
  const role = typeof claims.role === 'string' ? claims.role : 'anon';
  await tx.query(
    `select set_config('role', $1, true), set_config('realtime.topic', $2, true), set_config('request.jwt.claims', $3, true),
       set_config('request.jwt.claim.sub', $4, true), set_config('request.jwt.claim.role', $1, true)`,
    [role, topic, JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : ''],
  );
}

/** Which of `extensions` the user may receive on `topic` (the name without `realtime:`). */
export async function readAuthorizations(db: Db, topic: string, claims: JwtClaims, extensions: Extension[]): Promise<Policies['read']> {
  const probes = extensions.map((extension) => ({ extension, id: randomUUID() }));
  return rolledBack(db, async (tx) => {
    for (const p of probes) {
      await tx.query(`insert into realtime.messages (id, topic, extension, private) values ($1, $2, $3, true)`, [p.id, topic, p.extension]);
    }
    await actAs(tx, topic, claims);
    const seen = await tx.query<{ id: string }>(`select id::text as id from realtime.messages where id = any($1::uuid[])`, [probes.map((p) => p.id)]);
    const ids = new Set(seen.rows.map((r) => r.id));
    return Object.fromEntries(probes.map((p) => [p.extension, ids.has(p.id)]));
  });
}

/** Whether the user may send `extension` on `topic`: a refused insert (42501) means no. */
export async function writeAuthorization(db: Db, topic: string, claims: JwtClaims, extension: Extension): Promise<boolean> {
  return rolledBack(db, async (tx) => {
    await actAs(tx, topic, claims);
    try {
      await tx.query(`insert into realtime.messages (topic, extension, private) values ($1, $2, true)`, [topic, extension]);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === '42501') return false;
      throw error;
    }
  });
}
