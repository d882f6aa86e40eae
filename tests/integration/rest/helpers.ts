import type { TestStack } from '../support/stack.ts';

export interface WireResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body (undefined when empty). */
  json: any;
}

/**
 * A raw request to /rest/v1 with the anon key unless headers say otherwise. A body is JSON unless
 * a Content-Type says otherwise, as supabase-js sends it (fetch alone would say text/plain, which
 * PostgREST reads as a raw text body).
 */
export async function rest(t: TestStack, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<WireResponse> {
  const typed = Object.keys(init.headers ?? {}).some((k) => k.toLowerCase() === 'content-type');
  const res = await fetch(`${t.url}/rest/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { apikey: t.anonKey, ...(init.body === undefined || typed ? {} : { 'Content-Type': 'application/json' }), ...init.headers },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Headers for a request as the service role (bypasses RLS). */
export const asService = (t: TestStack) => ({ Authorization: `Bearer ${t.serviceRoleKey}` });

/** The PostgREST error body shape, every key present. */
export function pgrstError(code: string, message: string, details: unknown = null, hint: unknown = null) {
  return { code, message, details, hint };
}
