/**
 * Who a presence entry says it is, decided by the database instead of the client (a local
 * addition; hosted Realtime takes any key and meta a client sends). `[realtime] presence_identity`
 * names a project function `(meta jsonb) returns jsonb`; on a private channel each track calls it
 * the way an authorization check runs (the user's role and claims, `realtime.topic()` set, rolled
 * back). It answers `{"key": …, "meta": {…}}` to replace what the client sent, or null to keep it;
 * a database without the function keeps the client's entry, any other failure refuses the track.
 */
import type { Db, JwtClaims } from '../contracts.ts';
import { configValue, type StackConfig } from '../config.ts';
import { ident } from './changes/sql.ts';
import { actAs, rolledBack } from './authorization.ts';

export interface PresenceEntry {
  key: string;
  meta: Record<string, unknown>;
}

/** The configured function as a quoted `schema.name`, or null when none is configured. */
export function presenceIdentityFunction(config: StackConfig): string | null {
  const v = configValue(config, 'realtime', 'presence_identity');
  if (v === undefined || v === '') return null;
  const m = typeof v === 'string' ? /^([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)$/.exec(v) : null;
  if (!m) throw new Error(`[realtime] presence_identity must name a function as schema.name, got ${JSON.stringify(v)}`);
  return `${ident(m[1]!)}.${ident(m[2]!)}`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The entry to track: the function's answer, or the client's own when it answers null. */
export async function presenceIdentity(db: Db, fn: string, topic: string, claims: JwtClaims, client: PresenceEntry): Promise<PresenceEntry> {
  const answer = await rolledBack(db, async (tx) => {
    await actAs(tx, topic, claims);
    try {
      const r = await tx.query<{ v: unknown }>(`select ${fn}($1::jsonb) as v`, [JSON.stringify(client.meta)]);
      return r.rows[0]?.v ?? null;
    } catch (error) {
      // A database without the function (a bare test stack, `db reset` before migrations) keeps
      // hosted Realtime's behaviour; any other failure refuses the track.
      if (['42883', '3F000'].includes((error as { code?: string }).code ?? '')) return null;
      throw error;
    }
  });
  if (answer === null) return client;
  const parsed = typeof answer === 'string' ? (JSON.parse(answer) as unknown) : answer;
  if (!isObject(parsed) || typeof parsed.key !== 'string' || parsed.key === '' || !isObject(parsed.meta)) {
    throw new Error(`${fn} must answer null or {"key": text, "meta": object}`);
  }
  return { key: parsed.key, meta: parsed.meta };
}
