import type { JwtClaims } from '../../contracts.ts';
import type { Action, BindingParams } from './filters.ts';

/** A captured row change as stored by `_realtime.capture()`. */
export interface ChangeRow {
  id: string | number;
  xid: string;
  schema_name: string;
  table_name: string;
  action: Action;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  commit_timestamp: string;
}

/** `data` of a `postgres_changes` message, as Realtime's apply_rls builds it. */
export interface ChangeData {
  schema: string;
  table: string;
  commit_timestamp: string | null;
  type: Action;
  errors: string[] | null;
  columns: { name: string; type: string }[] | null;
  record?: Record<string, unknown> | null;
  old_record?: Record<string, unknown> | null;
}

/** A joined channel as the change feed sees it. */
export interface ChangeSubscriber {
  /** The claims to authorize with right now; null while nothing may be delivered. */
  currentClaims(): JwtClaims | null;
  pushChange(ids: number[], data: ChangeData): void;
}

export interface Subscription {
  /** The binding id echoed in the join reply. */
  id: number;
  subscriber: ChangeSubscriber;
  params: BindingParams;
  /** `schema.table` keys of the published tables it matched when it was made. */
  entities: Set<string>;
}
