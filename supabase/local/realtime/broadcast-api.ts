/**
 * `POST /realtime/v1/api/broadcast` (`{messages: [{topic, event, payload, private}]}`, what a
 * not-joined `channel.send()` uses) and `POST /realtime/v1/api/broadcast/<topic>/events/<event>`
 * (`channel.httpSend()`). Both answer 202 with no body. The apikey must be one of the project's
 * keys and the bearer token (else the apikey) must verify. Private-channel messages are dropped:
 * nothing here may authorize them (see the join of a private channel).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Handler } from '../contracts.ts';
import { checkToken, joinReason } from './auth.ts';
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
    const apikey = header(req, 'apikey') ?? url.searchParams.get('apikey') ?? undefined;
    if (!apikey) return json(res, 401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
    if (apikey !== keys.anonKey && apikey !== keys.serviceRoleKey) {
      return json(res, 401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
    }
    const bearer = /^bearer\s+(.+)$/i.exec(header(req, 'authorization') ?? '')?.[1]?.trim();
    const check = await checkToken(core.ctx, bearer ?? apikey);
    if (!check.ok) return json(res, 401, { message: joinReason(check) });
    const body = await readBody(req);
    if (!body) return json(res, 413, { message: 'Payload Too Large' });

    if (single) {
      if (url.searchParams.get('private') === 'true') return void res.writeHead(202).end();
      const binary = /octet-stream/i.test(header(req, 'content-type') ?? '');
      const [topic, event] = [decodeURIComponent(single[1]!), decodeURIComponent(single[2]!)];
      if (binary) core.hub.broadcastBinary(`realtime:${topic}`, event, body, undefined);
      else {
        let payload: unknown;
        try {
          payload = JSON.parse(body.toString('utf8'));
        } catch {
          return json(res, 400, { message: 'Invalid JSON body' });
        }
        core.hub.broadcast(`realtime:${topic}`, { type: 'broadcast', event, payload });
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
    for (const m of messages as { topic: string; event: string; payload?: unknown; private?: unknown }[]) {
      if (m.private === true) continue;
      core.hub.broadcast(`realtime:${m.topic}`, { type: 'broadcast', event: m.event, payload: m.payload ?? {} });
    }
    res.writeHead(202).end();
  };
}
