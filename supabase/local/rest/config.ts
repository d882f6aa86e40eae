import type { TxEnd } from './http.ts';
import type { RestConfig } from './request.ts';

const DEFAULT_MAX_BODY = 1024 * 1024;

/** PostgREST's `db-tx-end` values; PostgREST refuses to start on any other. */
const TX_END: Record<string, TxEnd> = {
  commit: { rollbackAll: false, allowOverride: false },
  'commit-allow-override': { rollbackAll: false, allowOverride: true },
  rollback: { rollbackAll: true, allowOverride: false },
  'rollback-allow-override': { rollbackAll: true, allowOverride: true },
};

function readTxEnd(v: unknown): TxEnd {
  if (v === undefined) return TX_END.commit as TxEnd;
  const txEnd = typeof v === 'string' ? TX_END[v] : undefined;
  if (!txEnd) throw new Error(`[api] db_tx_end: Invalid transaction termination. Check your configuration. (one of ${Object.keys(TX_END).join(', ')})`);
  return txEnd;
}

/** A boolean `[api]` key, off unless set (`db-aggregates-enabled`, `db-plan-enabled`, as PostgREST ships them). */
function readFlag(api: Record<string, unknown>, key: string): boolean {
  const v = api[key];
  if (v === undefined) return false;
  if (typeof v !== 'boolean') throw new Error(`[api] ${key}: expected true or false`);
  return v;
}

/** `[api]` of config.toml as /rest/v1 uses it. */
export function readConfig(config: Record<string, unknown>): RestConfig {
  const api = (config.api ?? {}) as Record<string, unknown>;
  const strings = (v: unknown, d: string[]) => (Array.isArray(v) && v.every((s) => typeof s === 'string') && v.length ? v as string[] : d);
  const maxRows = typeof api.max_rows === 'number' && api.max_rows > 0 ? api.max_rows : undefined;
  const maxBody = typeof api.max_body_bytes === 'number' && api.max_body_bytes > 0 ? api.max_body_bytes : DEFAULT_MAX_BODY;
  return {
    schemas: strings(api.schemas, ['public']),
    extraSearchPath: strings(api.extra_search_path, ['public', 'extensions']),
    ...(maxRows === undefined ? {} : { maxRows }),
    maxBodyBytes: maxBody,
    // A local-only key (the CLI has none): PostgREST's `db-tx-end`, default `commit`.
    txEnd: readTxEnd(api.db_tx_end),
    // A local-only key (the CLI has none): PostgREST's `db-aggregates-enabled`, default false
    // (PGRST123 for `sum()`, `count()`…).
    aggregates: readFlag(api, 'db_aggregates_enabled'),
    // A local-only key (the CLI has none): PostgREST's `db-plan-enabled`, default false
    // (`Accept: application/vnd.pgrst.plan` is then 406, as any type it cannot produce).
    planEnabled: readFlag(api, 'db_plan_enabled'),
  };
}
