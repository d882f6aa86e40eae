/**
 * Phoenix channel frames as realtime-js speaks them. Serializer 1.0.0: a JSON object per text
 * frame. 2.0.0 (realtime-js's default): a JSON array `[join_ref, ref, topic, event, payload]` per
 * text frame, plus binary frames for user broadcasts — kind 3 from the client ("push"), kind 4 to
 * the client. Anything that does not decode is reported as null and the frame is ignored.
 */
export type Vsn = '1.0.0' | '2.0.0';

export interface Message {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A user broadcast sent by the client in a binary frame (kind 3). */
export interface BinaryBroadcast {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  /** Parsed JSON (encoding 1) or raw bytes (encoding 0). */
  payload: unknown;
  binary: boolean;
  meta?: Record<string, unknown>;
}

const KIND_PUSH = 3;
const KIND_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

export function decodeText(text: string, vsn: Vsn): Message | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) return null;
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') return null;
    return { joinRef: str(joinRef), ref: str(ref), topic, event, payload };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const o = parsed as Record<string, unknown>;
  if (typeof o.topic !== 'string' || typeof o.event !== 'string') return null;
  return { joinRef: str(o.join_ref), ref: str(o.ref), topic: o.topic, event: o.event, payload: o.payload };
}

export function decodeBinary(buf: Buffer): BinaryBroadcast | null {
  if (buf.length < 7 || buf[0] !== KIND_PUSH) return null;
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [buf[1]!, buf[2]!, buf[3]!, buf[4]!, buf[5]!, buf[6]!];
  let at = 7;
  const take = (n: number) => {
    const s = buf.subarray(at, at + n).toString('utf8');
    at += n;
    return s;
  };
  if (7 + joinRefLen + refLen + topicLen + eventLen + metaLen > buf.length) return null;
  const joinRef = take(joinRefLen);
  const ref = take(refLen);
  const topic = take(topicLen);
  const event = take(eventLen);
  const metaText = take(metaLen);
  const body = buf.subarray(at);
  let payload: unknown;
  let meta: Record<string, unknown> | undefined;
  try {
    if (metaText) meta = JSON.parse(metaText) as Record<string, unknown>;
    if (encoding === ENCODING_JSON) payload = JSON.parse(body.toString('utf8'));
    else if (encoding === ENCODING_BINARY) payload = Buffer.from(body);
    else return null;
  } catch {
    return null;
  }
  return { joinRef: joinRef || null, ref: ref || null, topic, event, payload, binary: encoding === ENCODING_BINARY, ...(meta ? { meta } : {}) };
}

export function encodeText(msg: Message, vsn: Vsn): string {
  if (vsn === '2.0.0') return JSON.stringify([msg.joinRef, msg.ref, msg.topic, msg.event, msg.payload]);
  return JSON.stringify({ topic: msg.topic, event: msg.event, payload: msg.payload, ref: msg.ref, join_ref: msg.joinRef });
}

/** Kind 4: what realtime-js decodes into `{type: 'broadcast', event, payload[, meta]}`. */
export function encodeBinaryBroadcast(topic: string, event: string, payload: Buffer, meta?: Record<string, unknown>): Buffer | null {
  const t = Buffer.from(topic);
  const e = Buffer.from(event);
  const m = Buffer.from(meta ? JSON.stringify(meta) : '');
  if (t.length > 255 || e.length > 255 || m.length > 255) return null;
  return Buffer.concat([Buffer.from([KIND_BROADCAST, t.length, e.length, m.length, ENCODING_BINARY]), t, e, m, payload]);
}
