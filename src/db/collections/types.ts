import type { MigrationStrategies, RxJsonSchema } from 'rxdb';

/** The replicated collections; with the cart, ten of RxDB's open-source limit of 13 per process. */
export type CollectionName =
  | 'devices'
  | 'access_permissions'
  | 'device_events'
  | 'orders'
  | 'notifications'
  | 'support_tickets'
  | 'support_messages'
  | 'kb_articles'
  | 'support_categories'
  | 'cart_items';

/**
 * How one Postgres table lives on the device. The RxDB schema mirrors the table's columns (every
 * column PostgREST returns must be here or be dropped by `fromServer`, and the plugin's update
 * guard compares every field here with the server's row, so no field may exist only on the
 * device).
 */
export interface CollectionSpec<T extends { id: string }> {
  /** The collection's name is its table's. */
  name: CollectionName;
  schema: RxJsonSchema<T>;
  migrationStrategies: MigrationStrategies;
  /** False for tables this app only reads (orders are written by place_order). */
  push: boolean;
  /**
   * Only staff (support, admin) write the table: a customer's device never pushes it. RLS refuses
   * their update, and a refused push shows as a failed write, so a push made by nobody (a row the
   * device stored from the server just before a reload, which RxDB then takes for a local change)
   * would show a customer a failed write they never made.
   */
  staffWrites?: boolean;
  /** What a pending or failed write of this document is, in the sync center. */
  label(doc: Partial<T>): string;
  /** Row → document, after unknown columns are dropped (e.g. a column added on the server later). */
  fromServer?(row: Record<string, unknown>): Record<string, unknown>;
  /** Document → row, for what Postgres types RxDB cannot hold as they are (a text[] column). */
  toServer?(doc: Record<string, unknown>): Record<string, unknown>;
  /**
   * Two devices inserted the same primary key (only the cart's ids are deterministic): how to
   * combine. `theirsDeleted`: the server's row was removed meanwhile. Without it, or when it
   * answers null, the insert is treated as a repeat of an earlier one (see merge.ts).
   */
  mergeInserts?(mine: T, theirs: T, theirsDeleted: boolean): T | null;
}
