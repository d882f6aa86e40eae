import type { WriteError } from '../sync/sync-db.ts';

/**
 * A fetch for the replication's REST calls that keeps one refused write from blocking the rest.
 *
 * The Supabase plugin retries any failed push forever (every few seconds, the whole batch), so a
 * write the server will always refuse (RLS, a check constraint, a deleted parent) would stop every
 * later write of the collection. Here such an answer is reported (`onRefused`, which records it
 * for the sync center) and the plugin is told the write went through, so it moves on. The
 * document stays as the user wrote it on this device, marked failed, until Retry or Discard.
 * Answers that may change (offline, 5xx, 401 expired token, 408, 429) go to the plugin as they
 * are, and it tries again.
 */
export interface RefusedWrite {
  table: string;
  docId: string;
  op: 'insert' | 'update';
  doc: Record<string, unknown>;
  error: WriteError;
}

export interface PushGuardOptions {
  fetch?: typeof fetch;
  /** Awaited before the plugin hears "accepted", so the record exists before the push settles. */
  onRefused(refused: RefusedWrite): Promise<void>;
}

const RETRIED = new Set([401, 408, 429]);

function isPermanent(status: number): boolean {
  return status >= 400 && status < 500 && !RETRIED.has(status);
}

async function errorOf(response: Response): Promise<WriteError> {
  try {
    const body = (await response.clone().json()) as { code?: unknown; message?: unknown };
    return { code: String(body.code ?? response.status), message: String(body.message ?? response.statusText) };
  } catch {
    return { code: String(response.status), message: response.statusText || 'Request refused' };
  }
}

function tableOf(url: URL): string | null {
  const match = /\/rest\/v1\/([^/?]+)$/.exec(url.pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

function parseBody(body: unknown): Record<string, unknown> | null {
  if (typeof body !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The primary key of an update: the plugin filters by `id=eq.<id>`. */
function idFilter(url: URL): string | null {
  const value = url.searchParams.get('id');
  return value?.startsWith('eq.') ? value.slice(3) : null;
}

const accepted = (op: 'insert' | 'update', doc: Record<string, unknown>) =>
  op === 'insert'
    ? new Response(null, { status: 201 })
    : new Response(JSON.stringify([doc]), { status: 200, headers: { 'content-type': 'application/json' } });

export function createPushGuard(options: PushGuardOptions): typeof fetch {
  const baseFetch = options.fetch ?? ((input, init) => fetch(input, init));

  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const response = await baseFetch(input, init);
    if (method !== 'POST' && method !== 'PATCH') return response;
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const table = tableOf(url);
    const doc = parseBody(init?.body);
    if (!table || !doc) return response;
    const op = method === 'POST' ? 'insert' : 'update';
    const docId = String(doc.id ?? idFilter(url) ?? '');

    if (response.ok) {
      if (op === 'update' && (await isEmptyArray(response)) && !(await rowVisible(baseFetch, url, init, docId))) {
        // No row matched and none exists for this user: deleted on the server, or no longer
        // readable. The plugin would look it up, not find it, and retry forever.
        await options.onRefused({ table, docId, op, doc, error: { code: 'PGRST116', message: 'This item no longer exists on the server' } });
        return accepted(op, doc);
      }
      return response;
    }
    if (!isPermanent(response.status)) return response;
    const error = await errorOf(response);
    // A duplicate primary key is the plugin's own conflict path (it reads the row and merges);
    // any other unique violation (an access code already taken) is a refusal.
    if (op === 'insert' && error.code === '23505' && /_pkey\b/.test(error.message)) return response;
    // An insert of a row the user can already read came from the server: RxDB writes a pulled
    // row and its replication record in two steps, and a page closed between them pushes the row
    // back as new on the next load (refused where the user may not insert, as a customer and an
    // article). The plugin's conflict path settles it against the server's row.
    if (op === 'insert' && (await rowVisible(baseFetch, url, init, docId))) return duplicateKey(table);
    await options.onRefused({ table, docId, op, doc, error });
    return accepted(op, doc);
  };
}

async function isEmptyArray(response: Response): Promise<boolean> {
  try {
    const body: unknown = await response.clone().json();
    return Array.isArray(body) && body.length === 0;
  } catch {
    return false;
  }
}

const duplicateKey = (table: string) =>
  new Response(JSON.stringify({ code: '23505', message: `duplicate key value violates unique constraint "${table}_pkey"` }), {
    status: 409,
    headers: { 'content-type': 'application/json' },
  });

/** Whether the user can read the row now; a lookup that fails for a passing reason throws (retried). */
async function rowVisible(baseFetch: typeof fetch, url: URL, init: RequestInit | undefined, id: string): Promise<boolean> {
  const lookup = new URL(url.origin + url.pathname);
  lookup.searchParams.set('select', 'id');
  lookup.searchParams.set('id', `eq.${id}`);
  const headers = new Headers(init?.headers);
  headers.delete('Prefer');
  headers.delete('Content-Type');
  const response = await baseFetch(lookup.href, { method: 'GET', headers, signal: init?.signal ?? null });
  if (!response.ok) {
    if (isPermanent(response.status)) return false;
    throw new TypeError(`row lookup failed (${response.status})`);
  }
  const rows: unknown = await response.json();
  return Array.isArray(rows) && rows.length > 0;
}
