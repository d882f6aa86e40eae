import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';

export type StackConfig = Record<string, unknown>;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

/** Deep merge: tables merge key by key, any other value replaces. */
export function mergeConfig(base: StackConfig, overrides: StackConfig): StackConfig {
  const out: StackConfig = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? mergeConfig(current, value) : value;
  }
  return out;
}

/** supabase/config.toml parsed with snake_case keys as in the file, plus overrides (tests). */
export function loadConfig(path: string, overrides: StackConfig = {}): StackConfig {
  const parsed = parse(readFileSync(path, 'utf8')) as StackConfig;
  return mergeConfig(parsed, overrides);
}

/** A nested value, e.g. configValue(config, 'api', 'port'). */
export function configValue(config: StackConfig, ...path: string[]): unknown {
  let v: unknown = config;
  for (const key of path) v = isPlainObject(v) ? v[key] : undefined;
  return v;
}
