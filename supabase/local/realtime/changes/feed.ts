/**
 * The change feed: LISTENs for `realtime_changes` (one notification per committed transaction that
 * touched a published table, payload = its transaction id), reads that transaction's rows from
 * `_realtime.changes` and delivers them. Notifications are handled strictly one after another, so
 * delivery follows commit order; notifications that pile up are read together (still in order).
 * Read transactions are deleted shortly after; rows nobody read (a dropped LISTEN connection, a
 * stack that was down) go after a few minutes. Nothing is read while nobody subscribes.
 */
import type { Db } from '../../contracts.ts';
import { deliver } from './deliver.ts';
import { TABLE_SIGNATURE, TableLookup } from './tables.ts';
import type { ChangeRow, ChangeSubscriber, Subscription } from './types.ts';
import { entityKey } from './subscribe.ts';

const CHANNEL = 'realtime_changes';
const PRUNE_MS = 2000;
const BATCH = 200;

export class ChangeFeed {
  readonly #db: Db;
  readonly #log: (line: string) => void;
  readonly #subs = new Map<ChangeSubscriber, Subscription[]>();
  #queue: string[] = [];
  #read: string[] = [];
  /** Recently handled transactions, so a catch-up never delivers one twice. */
  readonly #seen = new Set<string>();
  #draining: Promise<void> | undefined;
  #unlisten: (() => Promise<void>) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;
  #lastSweep = 0;
  readonly #tables: TableLookup;

  constructor(db: Db, log: (line: string) => void) {
    this.#db = db;
    this.#log = log;
    this.#tables = new TableLookup(db);
  }

  async start(): Promise<void> {
    await this.#db.query('select _realtime.sync_triggers()');
    this.#unlisten = await this.#db.listen(CHANNEL, (xid) => this.#enqueue([xid]), () => void this.#catchUp());
    this.#timer = setInterval(() => void this.#prune(), PRUNE_MS);
    this.#timer.unref();
  }

  /** Replaces the subscriber's subscriptions (an empty list removes them). */
  set(subscriber: ChangeSubscriber, subs: Subscription[]): void {
    if (subs.length) this.#subs.set(subscriber, subs);
    else this.#subs.delete(subscriber);
  }

  get subscriberCount(): number {
    return this.#subs.size;
  }

  /** Resolves once every notification received so far has been delivered (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    await this.#unlisten?.().catch(() => undefined);
    await this.#draining?.catch(() => undefined);
    this.#subs.clear();
  }

  #match = (change: ChangeRow): Subscription[] => {
    const key = entityKey(change.schema_name, change.table_name);
    const out: Subscription[] = [];
    for (const list of this.#subs.values()) {
      for (const s of list) {
        if (!s.entities.has(key)) continue;
        if (s.params.event !== '*' && s.params.event !== change.action) continue;
        out.push(s);
      }
    }
    return out;
  };

  #enqueue(xids: string[]): void {
    if (this.#closed) return;
    for (const xid of xids) if (/^\d+$/.test(xid) && !this.#seen.has(xid)) this.#queue.push(xid);
    this.#draining ??= this.#drain().finally(() => (this.#draining = undefined));
  }

  async #drain(): Promise<void> {
    while (this.#queue.length && !this.#closed) {
      const xids = this.#queue.splice(0, BATCH);
      for (const xid of xids) this.#remember(xid);
      if (this.#subs.size === 0) {
        this.#read.push(...xids);
        continue;
      }
      try {
        // Each table's signature once per batch: what is known of a table whose catalog changed
        // since is looked up again (tables.ts).
        const rows = await this.#db.query<ChangeRow & { signature: string | null }>(
          `with batch as (
             select id, xid, schema_name, table_name, action, record, old_record, changed_at
             from _realtime.changes where xid = any ($1::text[])
           ), signatures as (
             select schema_name, table_name, ${TABLE_SIGNATURE} as signature
             from (select distinct schema_name, table_name from batch) t
           )
           select b.id, b.xid, b.schema_name, b.table_name, b.action, b.record, b.old_record, s.signature,
             to_char(b.changed_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as commit_timestamp
           from batch b join signatures s using (schema_name, table_name)
           order by array_position($1::text[], b.xid), b.id`,
          [xids],
        );
        for (const row of rows.rows) this.#tables.renew(row.schema_name, row.table_name, row.signature ?? '');
        await deliver(this.#db, this.#tables, rows.rows, this.#match);
      } catch (error) {
        if (!this.#closed) this.#log(`Realtime: error delivering changes: ${(error as Error).message}`);
      } finally {
        // Only now may the prune delete them: it runs concurrently with this read.
        this.#read.push(...xids);
      }
    }
  }

  #remember(xid: string): void {
    this.#seen.add(xid);
    if (this.#seen.size > 10_000) this.#seen.delete(this.#seen.values().next().value!);
  }

  /** After a LISTEN reconnect: transactions committed meanwhile are still in the table. */
  async #catchUp(): Promise<void> {
    try {
      const r = await this.#db.query<{ xid: string }>(
        `select xid from _realtime.changes group by xid order by min(id)`,
      );
      this.#enqueue(r.rows.map((x) => x.xid));
    } catch (error) {
      this.#log(`Realtime: error catching up on changes: ${(error as Error).message}`);
    }
  }

  async #prune(): Promise<void> {
    if (this.#closed) return;
    const now = Date.now();
    if (this.#read.length === 0 && now - this.#lastSweep < 60_000) return;
    this.#lastSweep = now;
    const done = this.#read.splice(0);
    try {
      await this.#db.query(
        `delete from _realtime.changes where xid = any ($1::text[]) or changed_at < now() - interval '5 minutes'`,
        [done],
      );
    } catch {
      this.#read.unshift(...done); // try again next time
    }
  }
}
