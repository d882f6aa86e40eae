// A real supabase-js client whose network is a function: tests see the exact HTTP requests the
// data modules make and answer them like PostgREST would. Install it with
//   vi.mock('@/lib/load-supabase.ts', () => ({ loadSupabase: async () => backend.client }))
import { createClient } from '@supabase/supabase-js';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** Parsed JSON body, undefined for a GET. */
  body: unknown;
  rawBody: string;
}

export type Responder = (request: RecordedRequest) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** PostgREST's error body (HTTP 400 for P0001, 401 for 42501 as anon). */
export const pgError = (code: string, message: string, details: string | null = null, status = 400) =>
  json({ code, message, details, hint: null }, status);

export function createFakeBackend() {
  const requests: RecordedRequest[] = [];
  let responder: Responder = () => json([]);
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const rawBody = typeof init?.body === 'string' ? init.body : '';
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      url: new URL(String(input instanceof Request ? input.url : input)),
      headers: new Headers(init?.headers),
      body: rawBody ? JSON.parse(rawBody) : undefined,
      rawBody,
    };
    requests.push(request);
    const signal = init?.signal;
    if (signal?.aborted) throw new DOMException('The user aborted a request.', 'AbortError');
    const answer = Promise.resolve(responder(request));
    if (!signal) return answer;
    return new Promise<Response>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('The user aborted a request.', 'AbortError')), { once: true });
      answer.then(resolve, reject);
    });
  };
  const client = createClient('http://backend.test', 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch },
  });
  return {
    client,
    requests,
    respond(next: Responder) {
      responder = next;
    },
    /** Forget the requests and answer `[]` again (one client per test file: supabase-js warns about several). */
    reset() {
      requests.length = 0;
      responder = () => json([]);
    },
  };
}

export type FakeBackend = ReturnType<typeof createFakeBackend>;
