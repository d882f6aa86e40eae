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

/**
 * supabase/config.toml parsed with snake_case keys as in the file, then the TOML file named by
 * STACK_CONFIG_OVERRIDES (a local-only setting: e.g. the end-to-end servers raise the per-IP
 * sign-in limit, since every test browser there shares 127.0.0.1), then `overrides` (tests).
 */
export function loadConfig(path: string, overrides: StackConfig = {}, overlay = process.env.STACK_CONFIG_OVERRIDES): StackConfig {
  const parsed = parse(readFileSync(path, 'utf8')) as StackConfig;
  const fromFile = overlay ? (parse(readFileSync(overlay, 'utf8')) as StackConfig) : {};
  return mergeConfig(mergeConfig(parsed, fromFile), overrides);
}

/** A nested value, e.g. configValue(config, 'api', 'port'). */
export function configValue(config: StackConfig, ...path: string[]): unknown {
  let v: unknown = config;
  for (const key of path) v = isPlainObject(v) ? v[key] : undefined;
  return v;
}
