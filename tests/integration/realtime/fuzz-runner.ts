/**
 * Plays one generated script against /realtime/v1/websocket and returns every protocol breach it
 * saw. A script may make the server close the connection: the runner reconnects and goes on, so
 * every generated frame reaches the server.
 */
import { encodeText, socketUrl, type OutFrame, type Vsn } from './frames.ts';
import { AUTO_JOIN_REF, AUTO_REF, type Action, type ConnectAs, type Tokens } from './fuzz-arbitraries.ts';
import { RawSocket, type Received } from './raw-socket.ts';

export interface FuzzStats {
  frames: number;
  connections: number;
  refusals: number;
  closes: Record<string, number>;
  notes: Record<string, number>;
  okJoins: number;
}

export const newStats = (): FuzzStats => ({ frames: 0, connections: 0, refusals: 0, closes: {}, notes: {}, okJoins: 0 });

interface Binding {
  event: string;
  schema: string;
  table?: string;
  filter?: string;
}

/** The join's bindings when each is typed as supabase-js sends them; otherwise no promise to check. */
function typedBindings(payload: unknown): Binding[] | undefined {
  const pc = (payload as { config?: { postgres_changes?: unknown } } | null)?.config?.postgres_changes;
  if (!Array.isArray(pc)) return undefined;
  const typed = pc.every((b: Record<string, unknown>) => typeof b === 'object' && b !== null &&
    typeof b.event === 'string' && typeof b.schema === 'string' &&
    (b.table === undefined || typeof b.table === 'string') && (b.filter === undefined || typeof b.filter === 'string'));
  return typed ? (pc as Binding[]) : undefined;
}

const same = (a: unknown, b: unknown) => (a ?? undefined) === (b ?? undefined);

/** supabase-js's rule for an 'ok' join reply: one entry per binding, same order, same values, an id. */
function bindingProblem(sent: Binding[], reply: Received): string | undefined {
  const response = reply.payload.response as { postgres_changes?: unknown };
  const got = response.postgres_changes;
  if (got === undefined) return sent.length ? 'ok join reply without postgres_changes for a join with bindings' : undefined;
  if (!Array.isArray(got) || got.length !== sent.length) return `join reply has ${JSON.stringify(got)?.slice(0, 200)} for ${sent.length} bindings`;
  for (const [i, b] of sent.entries()) {
    const g = got[i] as Record<string, unknown>;
    if (!(g?.event === b.event && same(g.schema, b.schema) && same(g.table, b.table) && same(g.filter, b.filter))) {
      return `join reply binding ${i} ${JSON.stringify(g)} differs from sent ${JSON.stringify(b)}`;
    }
    if (typeof g.id !== 'number' || g.id === 0) return `join reply binding id ${JSON.stringify(g.id)} is not a non-zero number`;
  }
  return undefined;
}

function hugeJson(bytes: number): string {
  return JSON.stringify({ blob: 'x'.repeat(bytes) });
}

export interface Run {
  url: string;
  apikeys: Record<ConnectAs, string>;
  tokens: Tokens;
}

export async function playScript(run: Run, vsn: Vsn, as: ConnectAs, actions: Action[], stats: FuzzStats): Promise<string[]> {
  const problems: string[] = [];
  const url = socketUrl(run.url, run.apikeys[as], vsn);
  const sockets: RawSocket[] = [];
  const joins = new Map<string, { bindings: Binding[] }>();
  const joinRefs = new Map<unknown, string>();
  let counter = 0;
  let socket: RawSocket | undefined;

  const connect = async (): Promise<RawSocket | undefined> => {
    stats.connections++;
    const opened = await RawSocket.open(url, vsn);
    if ('socket' in opened) {
      sockets.push(opened.socket);
      return opened.socket;
    }
    if ('refused' in opened) {
      stats.refusals++;
      if (opened.refused >= 500 || opened.refused < 400) problems.push(`upgrade answered ${opened.refused}`);
      if (as !== 'junk' && as !== 'user-token-as-apikey') problems.push(`upgrade with the ${as} key refused (${opened.refused})`);
    } else problems.push(`upgrade failed: ${opened.failed}`);
    return undefined;
  };

  const sendFrame = (s: RawSocket, f: OutFrame) => {
    const ref = f.ref === AUTO_REF ? String(++counter) : f.ref;
    const joinRef = f.join_ref === AUTO_JOIN_REF ? (joinRefs.get(f.topic) ?? String(++counter)) : f.join_ref;
    if (f.event === 'phx_join' && typeof ref === 'string') {
      joinRefs.set(f.topic, ref);
      const bindings = typedBindings(f.payload);
      if (bindings) joins.set(ref, { bindings });
    }
    s.send(encodeText(vsn, { ...f, ref, join_ref: joinRef }), ref);
  };

  for (const action of actions) {
    if (!socket || socket.closed) {
      socket = await connect();
      if (!socket) return problems; // refused: every later frame would be refused the same way
    }
    const s = socket;
    stats.frames += action.kind === 'storm' ? action.count : 1;
    switch (action.kind) {
      case 'frame':
        sendFrame(s, action.frame);
        break;
      case 'text':
        s.send(action.text);
        break;
      case 'binary':
        s.send(Buffer.from(action.bytes));
        break;
      case 'heartbeat':
        sendFrame(s, { join_ref: null, ref: AUTO_REF, topic: 'phoenix', event: 'heartbeat', payload: {} });
        break;
      case 'huge':
        if (action.as === 'text') s.send(hugeJson(action.bytes));
        else if (action.as === 'join') sendFrame(s, { join_ref: AUTO_JOIN_REF, ref: AUTO_REF, topic: 'realtime:huge', event: 'phx_join', payload: { config: { blob: 'x'.repeat(action.bytes) } } });
        else sendFrame(s, { join_ref: AUTO_JOIN_REF, ref: AUTO_REF, topic: 'realtime:a', event: 'broadcast', payload: { type: 'broadcast', event: 'big', payload: { blob: 'x'.repeat(action.bytes) } } });
        await s.drained();
        break;
      case 'deep': {
        const deep = '['.repeat(action.depth) + ']'.repeat(action.depth);
        const ref = String(++counter);
        const join = vsn === '2.0.0'
          ? `[null,"${ref}","realtime:deep","phx_join",{"config":${deep}}]`
          : `{"ref":"${ref}","topic":"realtime:deep","event":"phx_join","payload":{"config":${deep}}}`;
        s.send(action.as === 'array' ? deep : join, ref);
        break;
      }
      case 'storm':
        for (let i = 0; i < action.count; i++) {
          const postgres_changes = action.withChanges ? [{ event: '*', schema: 'public', table: 'rt_fuzz' }] : [];
          sendFrame(s, { join_ref: AUTO_JOIN_REF, ref: AUTO_REF, topic: `realtime:storm-${i}`, event: 'phx_join', payload: { config: { postgres_changes }, access_token: run.tokens.user } });
        }
        break;
    }
    // Let replies interleave with what follows, as on a real connection.
    if (counter % 4 === 0) await new Promise((r) => setImmediate(r));
  }

  // A connection that is still open must still answer a heartbeat (or close).
  if (socket && !socket.closed) {
    const ref = `hb-${++counter}`;
    socket.send(encodeText(vsn, { join_ref: null, ref, topic: 'phoenix', event: 'heartbeat', payload: {} }), ref);
    // supabase-js gives a heartbeat until the next one (25 s) before it calls the connection dead.
    const reply = await socket.waitFor((f) => f.ref === ref, 25_000);
    if (!reply && !socket.closed) problems.push('no heartbeat reply within 25 s on an open connection');
    if (reply && reply.payload.status !== 'ok') problems.push(`heartbeat answered ${JSON.stringify(reply.payload)}`);
  }
  for (const s of sockets) {
    await s.close();
    problems.push(...s.problems);
    for (const n of s.notes) stats.notes[n] = (stats.notes[n] ?? 0) + 1;
    if (s.closed) stats.closes[s.closed.code] = (stats.closes[s.closed.code] ?? 0) + 1;
    for (const f of s.frames) {
      if (f.event !== 'phx_reply' || typeof f.ref !== 'string' || f.payload.status !== 'ok') continue;
      const join = joins.get(f.ref);
      if (!join) continue;
      stats.okJoins++;
      const problem = bindingProblem(join.bindings, f);
      if (problem) problems.push(problem);
    }
    if (as === 'junk' && s.frames.some((f) => f.payload.status === 'ok' && f.topic !== 'phoenix')) {
      problems.push('a connection with a junk apikey had a join accepted');
    }
  }
  return problems;
}
