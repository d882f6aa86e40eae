/**
 * /realtime/v1: Supabase Realtime for supabase-js — Phoenix channels over a WebSocket at
 * `/realtime/v1/websocket` (serializers 1.0.0 and 2.0.0), broadcast, presence and Postgres
 * Changes (from the `supabase_realtime` publication, authorized per subscriber under RLS), and
 * the REST broadcast endpoint. Mount `upgrade` on the HTTP server's `upgrade` event and `handler`
 * under /realtime/v1.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { Handler, StackContext } from '../contracts.ts';
import { broadcastApi } from './broadcast-api.ts';
import { SESSION_ENDED } from './auth.ts';
import { ChangeFeed } from './changes/feed.ts';
import { Connection } from './connection.ts';
import { SessionIndex, type Core } from './core.ts';
import { Hub } from './hub.ts';
import { LIMITS, realtimeQuotas } from './limits.ts';
import { Quota } from './quota.ts';
import { presenceIdentityFunction } from './presence-identity.ts';
import type { Vsn } from './protocol.ts';

export interface Realtime {
  /** Handles an HTTP upgrade for /realtime/v1/websocket; false (socket untouched) for other paths. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** /realtime/v1 HTTP routes (the prefix already stripped): the REST broadcast endpoint. */
  handler: Handler;
  /** Resolves when every change notified so far has been delivered. */
  idle(): Promise<void>;
  /** Open WebSocket connections. */
  readonly connections: number;
  close(): Promise<void>;
}

const PATH = /^\/realtime\/v1\/websocket\/?$/;

function refuse(socket: Duplex, status: number, text: string, body: unknown): void {
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(json)}\r\nconnection: close\r\n\r\n${json}`,
  );
  socket.on('error', () => undefined);
}

/**
 * The socket's key: Realtime's `x-api-key` header, else the `apikey` query parameter (what
 * supabase-js sends), else an `apikey` header (which a hosted gateway accepts too).
 */
function socketKey(req: IncomingMessage, url: URL): string | undefined {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  return first(req.headers['x-api-key']) || url.searchParams.get('apikey') || first(req.headers.apikey) || undefined;
}

export async function createRealtime(ctx: StackContext, options: { log?: (line: string) => void } = {}): Promise<Realtime> {
  const log = options.log ?? (() => {});
  const feed = new ChangeFeed(ctx.db, log);
  await feed.start();
  const sessions = new SessionIndex();
  const quota = new Quota(realtimeQuotas(ctx.config));
  const core: Core = { ctx, log, hub: new Hub(), feed, sessions, quota, presenceIdentity: presenceIdentityFunction(ctx.config) };
  const stopSessions = ctx.endedSessions.subscribe((ids) => sessions.ended(ids, SESSION_ENDED));
  // One frame per turn of the event loop (ws emits every frame of a read at once by default): a
  // client that sends a hundred joins in one burst then holds up nobody's replies or deliveries,
  // and once a join has closed its socket the frames behind it are dropped undecoded.
  const wss = new WebSocketServer({ noServer: true, maxPayload: LIMITS.maxFrameBytes, perMessageDeflate: false, allowSynchronousEvents: false });
  const connections = new Set<Connection>();

  const upgrade: Realtime['upgrade'] = (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (!PATH.test(url.pathname)) return false;
    const origin = req.headers.origin;
    if (origin !== undefined && !ctx.urls.isAllowedOrigin(origin)) {
      log(`Realtime: error: connection from origin ${origin} refused`);
      refuse(socket, 403, 'Forbidden', { message: 'Origin not allowed' });
      return true;
    }
    const apikey = socketKey(req, url);
    if (!apikey) {
      // Realtime's own answer: the CLI's gateway passes a key-less upgrade through to it.
      refuse(socket, 401, 'Unauthorized', { error: 'API key is missing' });
      return true;
    }
    // As a hosted gateway: the key must be the project's (Realtime alone would take any valid JWT).
    if (apikey !== ctx.keys.anonKey && apikey !== ctx.keys.serviceRoleKey) {
      refuse(socket, 401, 'Unauthorized', { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
      return true;
    }
    const vsn = url.searchParams.get('vsn') ?? '1.0.0';
    if (vsn !== '1.0.0' && vsn !== '2.0.0') {
      refuse(socket, 403, 'Forbidden', { message: `The client's requested transport version "${vsn}" does not match server's version requirements of ~> 1.0.0 or ~> 2.0.0` });
      return true;
    }
    // Hosted Realtime's connect-time quotas: concurrent connections (here also per address) and
    // a join rate already used up, answered 429 as its UserSocket does.
    const ip = ctx.clientIp(req);
    const refusal = quota.connect(ip);
    if (refusal) {
      log(`Realtime: error: connection from ${ip} refused: ${refusal}`);
      refuse(socket, 429, 'Too Many Requests', { error: refusal === 'too_many_connections' ? 'Too many connected users' : 'Too many joins per second' });
      return true;
    }
    let counted = true;
    const release = () => {
      if (counted) quota.disconnect(ip);
      counted = false;
    };
    socket.once('close', release);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn = new Connection(core, ws, vsn as Vsn, apikey, ip);
      connections.add(conn);
      ws.on('close', () => {
        connections.delete(conn);
        release();
      });
      log(`Realtime: connect vsn=${vsn} key=${apikey === ctx.keys.serviceRoleKey ? 'service_role' : 'anon'} from ${ip}`);
    });
    return true;
  };

  return {
    upgrade,
    handler: broadcastApi(core),
    idle: () => feed.idle(),
    get connections() {
      return connections.size;
    },
    async close() {
      stopSessions();
      for (const conn of connections) conn.close();
      connections.clear();
      await feed.close();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
