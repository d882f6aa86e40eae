/**
 * `POST /realtime/v1/api/broadcast` (`{messages: [{topic, event, payload, private}]}`, what a
 * not-joined `channel.send()` uses) and `POST /realtime/v1/api/broadcast/<topic>/events/<event>`
 * (`channel.httpSend()`). Both answer 202 with no body. An apikey, when sent, must be one of the
 * project's keys (as a hosted gateway requires); the CLI's gateway checks none, so a request with
 * only a bearer token is served too. The bearer token (else the apikey) must verify, or the answer
 * is Realtime's 401 `{"message":"Unauthorized"}`. A message to a private channel goes out
 * only if the caller may send broadcasts on its topic (RLS on realtime.messages for the token's
 * claims, as a joined channel's first send is checked): the batch endpoint drops a refused one
 * and still answers 202, the single one answers 403 "Unauthorized", as hosted Realtime does. Each
 * message counts against the events-per-second quota (429 when it is used up).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Handler } from '../contracts.ts';
import { checkToken } from './auth.ts';
import { writeAuthorization } from './authorization.ts';
import type { Core } from './core.ts';
import { LIMITS } from './limits.ts';

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > LIMITS.maxFrameBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const header = (req: IncomingMessage, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

export function broadcastApi(core: Core): Handler {
  const { keys } = core.ctx;
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)$/.exec(url.pathname);
    if (url.pathname !== '/api/broadcast' && !single) return json(res, 404, { message: 'no Route matched with those values' });
    if (req.method !== 'POST') return json(res, 405, { message: 'Method Not Allowed' });
    const apikey = header(req, 'apikey') || url.searchParams.get('apikey') || undefined;
    if (apikey !== undefined && apikey !== keys.anonKey && apikey !== keys.serviceRoleKey) {
      return json(res, 401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
    }
    const bearer = /^bearer\s+(.+)$/i.exec(header(req, 'authorization') ?? '')?.[1]?.trim();
    const token = bearer || apikey;
    const check = token ? await checkToken(core.ctx, token) : undefined;
    if (!check?.ok) return json(res, 401, { message: 'Unauthorized' });
    const body = await readBody(req);
    if (!body) return json(res, 413, { message: 'Payload Too Large' });
    const ip = core.ctx.clientIp(req);
    const claims = check.claims;
    /** null: the check itself failed. */
    const maySend = (topic: string) =>
      writeAuthorization(core.ctx.db, topic, claims, 'broadcast').catch((error: unknown) => {
        core.log(`Realtime: RlsPolicyError on ${topic}: ${(error as Error).message}`);
        return null;
      });

    if (single) {
      if (!core.quota.event(ip)) return json(res, 429, { message: 'You have exceeded your rate limit' });
      const binary = /octet-stream/i.test(header(req, 'content-type') ?? '');
      const [topic, event] = [decodeURIComponent(single[1]!), decodeURIComponent(single[2]!)];
      const isPrivate = url.searchParams.get('private') === 'true';
      if (isPrivate) {
        const ok = await maySend(topic);
        if (ok === null) return json(res, 422, { message: 'RLS policy error' });
        if (!ok) return json(res, 403, { message: 'Unauthorized' });
      }
      const room = `${isPrivate ? 'private:' : ''}realtime:${topic}`;
      if (binary) core.hub.broadcastBinary(room, event, body, undefined);
      else {
        let payload: unknown;
        try {
          payload = JSON.parse(body.toString('utf8'));
        } catch {
          return json(res, 400, { message: 'Invalid JSON body' });
        }
        core.hub.broadcast(room, { type: 'broadcast', event, payload });
      }
      return void res.writeHead(202).end();
    }

    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return json(res, 400, { message: 'Invalid JSON body' });
    }
    const messages = (parsed as { messages?: unknown } | null)?.messages;
    const valid =
      Array.isArray(messages) &&
      messages.every((m) => typeof m === 'object' && m !== null && typeof (m as { topic?: unknown }).topic === 'string' && typeof (m as { event?: unknown }).event === 'string');
    if (!valid) return json(res, 422, { errors: { messages: ['is invalid'] } });
    const list = messages as { topic: string; event: string; payload?: unknown; private?: unknown }[];
    for (let i = 0; i < list.length; i++) {
      if (!core.quota.event(ip)) return json(res, 429, { message: 'You have exceeded your rate limit' });
    }
    // One authorization per private topic, as Realtime groups a batch's private messages by topic.
    const allowed = new Map<string, boolean>();
    for (const m of list) {
      if (m.private === true && !allowed.has(m.topic)) allowed.set(m.topic, (await maySend(m.topic)) === true);
    }
    for (const m of list) {
      const message = { type: 'broadcast', event: m.event, payload: m.payload ?? {} };
      if (m.private !== true) core.hub.broadcast(`realtime:${m.topic}`, message);
      else if (allowed.get(m.topic)) core.hub.broadcast(`private:realtime:${m.topic}`, message);
    }
    res.writeHead(202).end();
  };
}
