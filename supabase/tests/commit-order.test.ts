/**
 * `_modified` in commit order: a checkpoint pull (`_modified > ts or (_modified = ts and id > last)`)
 * never skips a row whose transaction stamped early and committed late.
 * PostgreSQL only for the interleavings (two real connections; PGlite has one): first the failure
 * with a plain clock stamp on a scratch table, then the same interleaving on a replicated table,
 * where the second writer waits for the first to commit; and the deadlock the per-statement lock
 * prevents. Both engines: every replicated write holds the replication lock to commit.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { createUser } from './support/actors.ts';

interface Stamped { id: string; m: string }
interface Checkpoint { m: string; id: string }

describeEngines('_modified in commit order', (engine) => {
  let t: TestStack;
  let user: string;
  const conns: pg.Client[] = [];
  beforeAll(async () => {
    t = await startTestStack({ engine });
    user = await createUser(t);
  });
  afterAll(async () => {
    await Promise.all(conns.map((c) => c.end().catch(() => undefined)));
    await t?.close();
  });

  const connect = async () => {
    const c = new pg.Client({ connectionString: t.databaseUrl });
    await c.connect();
    conns.push(c);
    return c;
  };
  /** The plugin's checkpoint pull, as the owner sees it (RLS is not what is tested here). */
  const pull = async (table: string, where: string, cp: Checkpoint | null): Promise<Stamped[]> => {
    // _modified as text with microseconds: a JS Date would round them away.
    const r = await t.db.query<Stamped>(`select id::text, to_char(_modified at time zone 'utc', 'YYYY-MM-DD HH24:MI:SS.US') as m
      from ${table} where ${where} and ($1::timestamp is null or _modified at time zone 'utc' > $1::timestamp
        or (_modified at time zone 'utc' = $1::timestamp and id::text > $2))
      order by _modified, id`, [cp?.m ?? null, cp?.id ?? null]);
    return r.rows;
  };
  const last = (rows: Stamped[], cp: Checkpoint | null): Checkpoint | null => (rows.length ? { m: rows.at(-1)!.m, id: rows.at(-1)!.id } : cp);
  /** Whether `conn`'s statement is waiting for a lock. */
  const waiting = async (conn: pg.Client, kind: 'advisory' | 'any' = 'any') => {
    const pid = (conn as unknown as { processID: number }).processID;
    const r = await t.db.query(`select 1 from pg_locks where pid = $1 and not granted ${kind === 'advisory' ? "and locktype = 'advisory'" : ''}`, [pid]);
    return r.rows.length > 0;
  };
  const waitUntil = async (pred: () => Promise<boolean>) => {
    for (let i = 0; i < 500; i++) {
      if (await pred()) return;
      await new Promise((res) => setTimeout(res, 10));
    }
    throw new Error('timed out');
  };
  const blocked = (conn: pg.Client, kind: 'advisory' | 'any' = 'any') => waitUntil(() => waiting(conn, kind));
  const devicePair = async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await t.db.query(`insert into public.devices (id, user_id, name) values ($1, $3, 'A'), ($2, $3, 'B')`, [a, b, user]);
    return { a, b, where: `user_id = '${user}' and id in ('${a}', '${b}')` };
  };

  it('a replicated write holds the replication lock until its transaction ends', async () => {
    const { a } = await devicePair();
    const held = await t.db.transaction(async (tx) => {
      await tx.query(`update public.devices set name = 'held' where id = $1`, [a]);
      const r = await tx.query<{ n: number }>(`select count(*)::int as n from pg_locks where locktype = 'advisory' and granted
        and pid = pg_backend_pid() and ((classid::bigint << 32) | objid::bigint) = hashtextextended('private.set_modified', 0)`);
      return r.rows[0]!.n;
    });
    expect(held).toBe(1);
    const after = await t.db.query<{ n: number }>(`select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`);
    expect(after.rows[0]!.n).toBe(0);
  });

  it('later writes are stamped later, across transactions', async () => {
    const { a, b } = await devicePair();
    for (const id of [a, b, a]) await t.db.query(`update public.devices set name = name || '.' where id = $1`, [id]);
    const rows = await pull('public.devices', `id in ('${a}', '${b}')`, null);
    expect(rows.map((r) => r.id)).toEqual([b, a]);
  });

  it('a wall clock stepped backwards still stamps a later write later', async () => {
    const { b } = await devicePair();
    // The last stamp given an hour ahead of the clock, as after the clock stepped back an hour;
    // rolled back afterwards, so later tests see the real clock.
    const rolledBack = new Error('rolled back');
    let ahead: boolean | undefined;
    await t.db
      .transaction(async (tx) => {
        await tx.query(`update private.replication_clock set last_stamp = clock_timestamp() + interval '1 hour'`);
        const r = await tx.query<{ ahead: boolean }>(`update public.devices set name = 'after the step' where id = $1 returning _modified > clock_timestamp() + interval '59 minutes' as ahead`, [b]);
        ahead = r.rows[0]!.ahead;
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
    expect(ahead).toBe(true);
  });

  if (engine === 'postgres') it('a plain clock stamp lets a late commit hide behind a pulled checkpoint (the failure fixed here)', async () => {
    await t.db.exec(`create schema if not exists scratch;
      create table scratch.stamped (id text primary key, v int not null default 0, _modified timestamptz not null default clock_timestamp());
      create function scratch.clock_stamp() returns trigger language plpgsql as $$
        begin new._modified := clock_timestamp(); return new; end $$;
      create trigger stamp before update on scratch.stamped for each row execute function scratch.clock_stamp();
      insert into scratch.stamped (id) values ('A'), ('B');`);
    const [c1, c2] = [await connect(), await connect()];
    let cp = last(await pull('scratch.stamped', 'true', null), null);
    await c1.query('begin');
    await c1.query(`update scratch.stamped set v = 1 where id = 'A'`);
    await c2.query('begin');
    await c2.query(`update scratch.stamped set v = 1 where id = 'B'`); // does not wait
    await c2.query('commit');
    const first = await pull('scratch.stamped', 'true', cp);
    cp = last(first, cp);
    await c1.query('commit');
    const second = await pull('scratch.stamped', 'true', cp);
    expect(first.map((r) => r.id)).toEqual(['B']);
    expect(second).toEqual([]); // A committed, but its stamp is below the checkpoint: never pulled
    const all = await pull('scratch.stamped', 'true', null);
    expect(all.map((r) => r.id)).toEqual(['A', 'B']);
  });

  if (engine === 'postgres') it('with the lock, the second writer stamps after the first commits and no pull skips a row', async () => {
    const { a, b, where } = await devicePair();
    const [c1, c2] = [await connect(), await connect()];
    let cp = last(await pull('public.devices', where, null), null);
    const seen: Stamped[] = [];
    const pullInto = async () => {
      const rows = await pull('public.devices', where, cp);
      seen.push(...rows);
      cp = last(rows, cp);
      // Never B's checkpoint without A: once B is seen, A's latest version has been seen before it.
      const [ia, ib] = [seen.findIndex((r) => r.id === a), seen.findIndex((r) => r.id === b)];
      if (ib >= 0) expect({ a: ia >= 0 && ia < ib, b: ib }, 'B pulled before A').toEqual({ a: true, b: ib });
    };
    await c1.query('begin');
    await c1.query(`update public.devices set name = 'A1' where id = $1`, [a]);
    await c2.query('begin');
    let done = false;
    const t2 = c2.query(`update public.devices set name = 'B1' where id = $1`, [b]).then(() => { done = true; });
    // Each writer commits as soon as it can, and the reader pulls after every commit.
    await waitUntil(async () => done || (await waiting(c2, 'advisory')));
    const waited = !done;
    if (!waited) {
      await c2.query('commit'); // without the lock: B commits first
      await pullInto();
    } else {
      await pullInto(); // nothing committed yet
      expect(seen).toEqual([]);
    }
    await c1.query('commit');
    await t2;
    await pullInto();
    if (waited) {
      expect(seen.map((r) => r.id)).toEqual([a]); // B stamped, not committed
      await c2.query('commit');
      await pullInto();
    }
    expect(seen.map((r) => r.id)).toEqual([a, b]);
    expect(seen[1]!.m > seen[0]!.m).toBe(true);
  });

  if (engine === 'postgres') it('the lock is taken per statement, before any row: overlapping updates do not deadlock', async () => {
    const { a, b } = await devicePair();
    const [c1, c2] = [await connect(), await connect()];
    await c1.query('begin');
    await c1.query(`update public.devices set name = 'A2' where id = $1`, [a]);
    await c2.query('begin');
    const t2 = c2.query(`update public.devices set name = 'B2' where id = $1`, [b]);
    await blocked(c2, 'advisory');
    await c1.query(`update public.devices set name = 'B-by-1' where id = $1`, [b]); // B is not locked by c2 yet
    await c1.query('commit');
    await t2;
    await c2.query('commit');
    expect((await t.db.query<{ name: string }>('select name from public.devices where id = $1', [b])).rows[0]!.name).toBe('B2');
  });

  if (engine === 'postgres') it('without the per-statement lock the same interleaving deadlocks (why it exists)', async () => {
    await t.db.exec(`create schema if not exists scratch;
      create table scratch.rowlocked (id text primary key, v int not null default 0, _modified timestamptz not null default clock_timestamp());
      create trigger set_modified before insert or update on scratch.rowlocked for each row execute function private.set_modified();
      insert into scratch.rowlocked (id) values ('A'), ('B');`);
    const [c1, c2] = [await connect(), await connect()];
    await c1.query('begin');
    await c1.query(`update scratch.rowlocked set v = 1 where id = 'A'`);
    await c2.query('begin');
    const t2 = c2.query(`update scratch.rowlocked set v = 2 where id = 'B'`).then(() => null, (e: { code?: string }) => e.code);
    await blocked(c2, 'advisory'); // holds row B, waits for the key
    const t1 = c1.query(`update scratch.rowlocked set v = 1 where id = 'B'`).then(() => null, (e: { code?: string }) => e.code);
    const codes = await Promise.all([t1, t2]);
    expect(codes).toContain('40P01');
    await c1.query('rollback');
    await c2.query('rollback');
  });
});
