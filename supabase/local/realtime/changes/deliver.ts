/**
 * Delivery of a batch of committed changes, in order, the way Realtime's `apply_rls` decides it:
 * per change, the matching subscriptions are grouped by role; a role that cannot select the
 * primary key gets an Error 401 payload (no key at all: Error 400); otherwise each subscription
 * must pass its filters (DELETE: against the old key / replica identity) and, when the table has
 * RLS and the change is not a DELETE, the subscriber — with its own role and JWT claims at this
 * moment — must be able to SELECT the current row by primary key. Columns the role may not select
 * are left out. DELETE with RLS carries only the primary key. Oversized records lose their big
 * values and carry Error 413.
 */
import type { Db, JwtClaims } from '../../contracts.ts';
import { LIMITS } from '../limits.ts';
import type { Filter } from './filters.ts';
import { ident, jsonText, literal, qualified } from './sql.ts';
import type { TableLookup, TableMeta } from './tables.ts';
import type { ChangeData, ChangeRow, ChangeSubscriber, Subscription } from './types.ts';

interface Candidate {
  sub: Subscription;
  claims: JwtClaims;
  role: string;
}

interface Planned {
  change: ChangeRow;
  meta: TableMeta;
  /** role → candidates of that role */
  byRole: Map<string, Candidate[]>;
  /** role → problem payload errors (400/401) */
  problems: Map<string, string>;
  visible: Set<Candidate>;
  /** candidates awaiting an RLS check, with their check's slot */
  rls: { candidate: Candidate; check: string }[];
}

const filterKey = (f: Filter) => `${f.column}\0${f.op}\0${f.value}`;

function filterSql(f: Filter): string {
  return f.op === 'in' ? `(r.${ident(f.column)} = any (${literal(f.value)}))` : `(r.${ident(f.column)} ${OP_SQL[f.op]} ${literal(f.value)})`;
}
const OP_SQL = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

/** The old record as the WAL carries it: the primary key, or every column with replica identity full. */
function identity(change: ChangeRow, meta: TableMeta): Record<string, unknown> {
  const old = change.old_record ?? {};
  if (meta.fullIdentity) return old;
  return Object.fromEntries(meta.pk.filter((k) => k in old).map((k) => [k, old[k]]));
}

/** A Postgres array literal of `values` (each element quoted), e.g. `{"a","b\\"c"}`. */
const arrayLiteral = (values: string[]) => `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;

/** Expressions per statement: far below Postgres's 1,664 target-list entries. */
const EXPRESSIONS_PER_QUERY = 500;

/**
 * Filter results for every distinct filter of the candidates, evaluated on the typed row. The
 * scalar filters of one column and operator are evaluated together: one expression returns the
 * positions of the values that match, so thousands of subscribers' filters on a table (e.g. a
 * flood of `id=eq.<x>` bindings) cost one expression per column and operator, not one each.
 */
async function evaluateFilters(db: Db, change: ChangeRow, meta: TableMeta, filters: Filter[]): Promise<Map<string, boolean>> {
  const results = new Map<string, boolean>();
  if (filters.length === 0) return results;
  const row = change.action === 'DELETE' ? identity(change, meta) : (change.record ?? {});
  const exprs: { sql: string; settle: (v: unknown) => void }[] = [];
  const groups = new Map<string, Filter[]>();
  for (const f of filters) {
    const type = meta.sqlTypes.get(f.column);
    if (f.op === 'in' || !type) {
      exprs.push({ sql: filterSql(f), settle: (v) => results.set(filterKey(f), v === true) });
      continue;
    }
    const key = `${f.column}\0${f.op}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  for (const list of groups.values()) {
    const { column, op } = list[0]!;
    const values = [...new Set(list.map((f) => f.value))];
    const type = meta.sqlTypes.get(column)!;
    exprs.push({
      sql: `array(select u.o::int from unnest(${literal(arrayLiteral(values))}::${type}[]) with ordinality u(v, o) where r.${ident(column)} ${OP_SQL[op as keyof typeof OP_SQL]} u.v)`,
      settle: (v) => {
        const hit = new Set((Array.isArray(v) ? v : []).map((i) => values[Number(i) - 1]));
        for (const f of list) results.set(filterKey(f), hit.has(f.value));
      },
    });
  }
  const source = `pg_catalog.jsonb_populate_record(null::${qualified(change.schema_name, change.table_name)}, ${literal(JSON.stringify(row))}::jsonb) r`;
  for (let at = 0; at < exprs.length; at += EXPRESSIONS_PER_QUERY) {
    const chunk = exprs.slice(at, at + EXPRESSIONS_PER_QUERY);
    try {
      const r = (await db.query<Record<string, unknown>>(`select ${chunk.map((e, i) => `${e.sql} as f${i}`).join(', ')} from ${source}`)).rows[0] ?? {};
      chunk.forEach((e, i) => e.settle(r[`f${i}`]));
    } catch {
      chunk.forEach((e) => e.settle(false)); // a column whose type changed: nothing matches
    }
  }
  return results;
}

const passes = (filters: Filter[], results: Map<string, boolean>) =>
  filters.every((f) => {
    const r = results.get(filterKey(f));
    return r === undefined ? false : f.negate ? !r : r;
  });

async function plan(db: Db, lookup: TableLookup, change: ChangeRow, subs: Subscription[]): Promise<Planned | null> {
  const meta = await lookup.table(change.schema_name, change.table_name);
  if (!meta) return null;
  const byRole = new Map<string, Candidate[]>();
  for (const sub of subs) {
    const claims = sub.subscriber.currentClaims();
    if (!claims) continue;
    const role = typeof claims.role === 'string' ? claims.role : 'anon';
    const list = byRole.get(role) ?? [];
    list.push({ sub, claims, role });
    byRole.set(role, list);
  }
  if (byRole.size === 0) return null;
  const planned: Planned = { change, meta, byRole, problems: new Map(), visible: new Set(), rls: [] };
  const distinct = new Map<string, Filter>();
  for (const list of byRole.values()) for (const c of list) for (const f of c.sub.params.filters) distinct.set(filterKey(f), f);
  const results = await evaluateFilters(db, change, meta, [...distinct.values()]);
  const record = change.record ?? {};
  for (const [role, list] of byRole) {
    const selectable = await lookup.selectable(role, meta);
    if (change.action !== 'DELETE') {
      if (meta.pk.length === 0) {
        planned.problems.set(role, 'Error 400: Bad Request, no primary key');
        continue;
      }
      if (!meta.pk.every((k) => selectable.has(k))) {
        planned.problems.set(role, 'Error 401: Unauthorized');
        continue;
      }
    }
    const where = meta.pk.map((k) => `${ident(k)} = ${record[k] === null || record[k] === undefined ? 'null' : literal(jsonText(record[k])!)}`).join(' and ');
    for (const c of list) {
      if (!passes(c.sub.params.filters, results)) continue;
      if (meta.rls && change.action !== 'DELETE') {
        planned.rls.push({ candidate: c, check: `exists (select 1 from ${qualified(change.schema_name, change.table_name)} where ${where})` });
      } else planned.visible.add(c);
    }
  }
  return planned;
}

/** Checks per call of `_realtime.visible`: one round trip each, a bounded statement size. */
const CHECKS_PER_CALL = 5000;

/**
 * Runs every RLS check of the batch — every change, every distinct (role, claims) — in one round
 * trip (a few for very many groups): `_realtime.visible` takes each group's role and claims in turn
 * inside one read-only transaction that is rolled back, as Realtime's `apply_rls` does.
 */
interface Group {
  claims: JwtClaims;
  role: string;
  /** distinct check → its index in the group */
  checks: Map<string, number>;
  items: { plan: Planned; candidate: Candidate; check: string }[];
}

async function runChecks(db: Db, plans: Planned[]): Promise<void> {
  const groups = new Map<string, Group>();
  for (const p of plans) {
    for (const { candidate, check } of p.rls) {
      const key = JSON.stringify([candidate.role, candidate.claims]);
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { claims: candidate.claims, role: candidate.role, checks: new Map(), items: [] }));
      if (!g.checks.has(check)) g.checks.set(check, g.checks.size);
      g.items.push({ plan: p, candidate, check });
    }
  }
  const chunks: Group[][] = [[]];
  let size = 0;
  for (const g of groups.values()) {
    if (size > 0 && size + g.checks.size > CHECKS_PER_CALL) {
      chunks.push([]);
      size = 0;
    }
    chunks[chunks.length - 1]!.push(g);
    size += g.checks.size;
  }
  for (const chunk of chunks) {
    if (chunk.length === 0) continue;
    const arg = chunk.map((g) => ({ role: g.role, claims: JSON.stringify(g.claims), checks: [...g.checks.keys()] }));
    const passed = new Set<string>();
    try {
      const r = await db.requestStatement<{ g: number; c: number }>(
        { readOnly: true, rollback: true },
        `select g, c from _realtime.visible(${literal(JSON.stringify(arg))}::jsonb)`,
      );
      for (const row of r.rows) passed.add(`${row.g}:${row.c}`);
    } catch {
      continue; // the check itself failed (database gone): nothing is shown
    }
    chunk.forEach((g, gi) => {
      for (const i of g.items) if (passed.has(`${gi}:${g.checks.get(i.check)}`)) i.plan.visible.add(i.candidate);
    });
  }
}

function pick(source: Record<string, unknown> | null, keep: (k: string) => boolean, oversized: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(source ?? {})) {
    if (!keep(k)) continue;
    if (oversized && Buffer.byteLength(JSON.stringify(v) ?? '') > 64) continue;
    out[k] = v;
  }
  return out;
}

async function send(lookup: TableLookup, p: Planned): Promise<void> {
  const { change, meta } = p;
  const base = { schema: change.schema_name, table: change.table_name, type: change.action };
  const oversized =
    Buffer.byteLength(JSON.stringify(change.record ?? {})) + Buffer.byteLength(JSON.stringify(change.old_record ?? {})) > LIMITS.maxRecordBytes;
  for (const [role, list] of p.byRole) {
    const problem = p.problems.get(role);
    let data: ChangeData;
    let targets: Candidate[];
    if (problem) {
      data = { ...base, commit_timestamp: null, columns: null, errors: [problem], record: null };
      targets = list;
    } else {
      targets = list.filter((c) => p.visible.has(c));
      if (targets.length === 0) continue;
      const selectable = await lookup.selectable(role, meta);
      const pk = new Set(meta.pk);
      const old = identity(change, meta);
      data = {
        ...base,
        commit_timestamp: change.commit_timestamp,
        columns: meta.columns.filter((c) => selectable.has(c.name)),
        errors: oversized ? ['Error 413: Payload Too Large'] : null,
      };
      if (change.action !== 'DELETE') data.record = pick(change.record, (k) => selectable.has(k), oversized);
      if (change.action === 'UPDATE') data.old_record = pick(old, (k) => selectable.has(k), oversized);
      if (change.action === 'DELETE') data.old_record = pick(old, (k) => selectable.has(k) && (!meta.rls || pk.has(k)), oversized);
    }
    const perChannel = new Map<ChangeSubscriber, number[]>();
    for (const c of targets) {
      const ids = perChannel.get(c.sub.subscriber) ?? [];
      if (!ids.includes(c.sub.id)) ids.push(c.sub.id);
      perChannel.set(c.sub.subscriber, ids);
    }
    for (const [subscriber, ids] of perChannel) subscriber.pushChange(ids, data);
  }
}

/** Delivers `changes` (one or more transactions, in commit order) to the matching subscriptions. */
export async function deliver(db: Db, lookup: TableLookup, changes: ChangeRow[], match: (c: ChangeRow) => Subscription[]): Promise<void> {
  const plans: Planned[] = [];
  for (const change of changes) {
    const subs = match(change);
    if (subs.length === 0) continue;
    const p = await plan(db, lookup, change, subs);
    if (p) plans.push(p);
  }
  await runChecks(db, plans);
  for (const p of plans) await send(lookup, p);
}
