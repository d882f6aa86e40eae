import type { RestConfig } from './request.ts';

const DEFAULT_MAX_BODY = 1024 * 1024;

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
  };
}
