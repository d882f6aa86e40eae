/**
 * The Realtime wire format as supabase-js 2.109 speaks it, for tests and benchmarks that talk to
 * `/realtime/v1/websocket` without supabase-js: encoders for both serializers and a strict decoder
 * that says why a server frame is malformed.
 *
 * vsn 1.0.0: a text frame is a JSON object {join_ref?, ref, topic, event, payload}.
 * vsn 2.0.0: a text frame is a JSON array [join_ref, ref, topic, event, payload]; a client's
 * broadcast goes as a binary frame of kind 3; the only binary frame supabase-js can decode from a
 * server is kind 4 (any other kind decodes to undefined and breaks the client).
 */
export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  join_ref: unknown;
  ref: unknown;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

export interface OutFrame {
  join_ref: unknown;
  ref: unknown;
  topic: unknown;
  event: unknown;
  payload: unknown;
}

export function socketUrl(httpUrl: string, apikey: string, vsn: Vsn | string = '2.0.0'): string {
  return `${httpUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apikey)}&vsn=${encodeURIComponent(vsn)}`;
}

export function encodeText(vsn: Vsn, f: OutFrame): string {
  if (vsn === '2.0.0') return JSON.stringify([f.join_ref, f.ref, f.topic, f.event, f.payload]);
  return JSON.stringify({ join_ref: f.join_ref, ref: f.ref, topic: f.topic, event: f.event, payload: f.payload });
}

export interface BroadcastPush {
  joinRef: string;
  ref: string;
  topic: string;
  event: string;
  metadata?: string;
  /** 1 = JSON payload, 0 = binary payload (realtime-js's encodings). */
  encoding: number;
  payload: Uint8Array;
}

/** Kind 3 "userBroadcastPush", byte for byte as realtime-js's serializer builds it. */
export function encodeBroadcastPush(m: BroadcastPush): Buffer {
  const meta = m.metadata ?? '';
  const parts = [m.joinRef, m.ref, m.topic, m.event, meta].map((s) => Buffer.from(s, 'latin1'));
  const header = Buffer.from([3, ...parts.map((p) => p.length & 0xff), m.encoding & 0xff]);
  return Buffer.concat([header, ...parts, m.payload]);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A kind 4 "userBroadcast" frame decoded as realtime-js decodes it, or the reason it cannot be. */
function decodeBinary(buf: Buffer): Frame | string {
  if (buf.length < 5) return `binary frame of ${buf.length} bytes`;
  if (buf[0] !== 4) return `binary frame of kind ${buf[0]} (supabase-js decodes only kind 4)`;
  const [topicSize, eventSize, metaSize, encoding] = [buf[1]!, buf[2]!, buf[3]!, buf[4]!];
  let at = 5;
  if (at + topicSize + eventSize + metaSize > buf.length) return 'binary frame shorter than its header says';
  const take = (n: number) => buf.subarray(at, (at += n)).toString('utf8');
  const topic = take(topicSize);
  const event = take(eventSize);
  const meta = take(metaSize);
  const rest = buf.subarray(at);
  let payload: unknown = rest;
  try {
    if (metaSize > 0) JSON.parse(meta);
    if (encoding === 1) payload = JSON.parse(rest.toString('utf8'));
    else if (encoding !== 0) return `binary frame with payload encoding ${encoding}`;
  } catch {
    return 'binary frame whose JSON metadata or payload does not parse';
  }
  return { join_ref: null, ref: null, topic, event: 'broadcast', payload: { type: 'broadcast', event, payload } };
}

const refOk = (v: unknown) => v === null || v === undefined || typeof v === 'string' || typeof v === 'number';

/**
 * Decodes one server frame; returns a string saying what is wrong when supabase-js could not use
 * it (bad JSON, wrong shape, wrong types, a reply without status/response).
 */
export function decodeFrame(vsn: Vsn, data: Buffer | string, isBinary: boolean): Frame | string {
  if (isBinary) {
    if (vsn === '1.0.0') return 'binary frame on a vsn 1.0.0 connection';
    return decodeBinary(Buffer.isBuffer(data) ? data : Buffer.from(data));
  }
  const text = data.toString();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `text frame is not JSON: ${text.slice(0, 120)}`;
  }
  let f: Record<string, unknown>;
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) return `vsn 2 text frame is not a 5-element array: ${text.slice(0, 120)}`;
    const [join_ref, ref, topic, event, payload] = parsed as unknown[];
    f = { join_ref, ref, topic, event, payload };
  } else {
    if (!isObject(parsed)) return `vsn 1 text frame is not an object: ${text.slice(0, 120)}`;
    f = parsed;
  }
  if (typeof f.topic !== 'string' || typeof f.event !== 'string') return `topic/event not strings: ${text.slice(0, 120)}`;
  if (!refOk(f.ref) || !refOk(f.join_ref)) return `ref/join_ref of a wrong type: ${text.slice(0, 120)}`;
  if (!isObject(f.payload)) return `payload is not an object: ${text.slice(0, 120)}`;
  if (f.event === 'phx_reply') {
    const { status, response } = f.payload;
    if (status !== 'ok' && status !== 'error') return `phx_reply status ${JSON.stringify(status)}`;
    if (!isObject(response)) return `phx_reply response is not an object: ${text.slice(0, 120)}`;
  }
  if (f.event === 'postgres_changes') {
    const problem = changeProblem(f.payload);
    if (problem) return `${problem}: ${text.slice(0, 160)}`;
  }
  return f as unknown as Frame;
}

/** What supabase-js needs in a postgres change: numeric binding ids, columns next to the records. */
export function changeProblem(payload: Record<string, unknown>): string | undefined {
  const { ids, data } = payload;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'number' && id !== 0)) return 'change ids are not non-zero numbers';
  if (!isObject(data)) return 'change without data';
  if (typeof data.schema !== 'string' || typeof data.table !== 'string' || typeof data.type !== 'string') return 'change without schema/table/type';
  if (!['INSERT', 'UPDATE', 'DELETE'].includes(data.type)) return `change of type ${data.type}`;
  if (typeof data.commit_timestamp !== 'string') return 'change without commit_timestamp';
  if (!Array.isArray(data.columns) || !data.columns.every((c) => isObject(c) && typeof c.name === 'string' && typeof c.type === 'string')) {
    return 'change without columns [{name, type}]';
  }
  if (data.type !== 'DELETE' && !isObject(data.record)) return 'insert/update without record';
  if (data.type === 'DELETE' && !isObject(data.old_record)) return 'delete without old_record';
  if (data.old_record !== undefined && data.old_record !== null && !isObject(data.old_record)) return 'old_record is not an object';
  return undefined;
}
