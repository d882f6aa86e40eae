/**
 * A bare WebSocket to /realtime/v1/websocket that records every server frame and every way the
 * server broke the protocol (a malformed frame, an invalid WebSocket frame, a reply to a ref never
 * sent). Nothing here retries or hides a failure: tests read `problems`.
 */
import WebSocket from 'ws';
import { decodeFrame, type Frame, type Vsn } from './frames.ts';

export interface Received extends Frame {
  at: number;
}

/** String(x) for scalars; objects (which may carry a junk `toString`) by their JSON. */
const scalarText = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

export type OpenResult = { socket: RawSocket } | { refused: number } | { failed: string };

export class RawSocket {
  readonly frames: Received[] = [];
  readonly problems: string[] = [];
  /** Legal but worth counting: e.g. a connection dropped without a close frame. */
  readonly notes: string[] = [];
  /** JSON of every ref sent, so a reply can be traced to a push. */
  readonly sentRefs = new Set<string>();
  closed: { code: number; reason: string } | undefined;
  private terminated = false;
  private waiters: { pred: (f: Received) => boolean; resolve: (f: Received | undefined) => void }[] = [];
  private closeWaiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket, readonly vsn: Vsn) {
    ws.on('message', (data, isBinary) => this.onMessage(data as Buffer, isBinary));
    ws.on('error', (error: Error & { code?: string }) => {
      // WS_ERR_*: the server broke the WebSocket framing itself; a reset is only a rude close.
      (error.code?.startsWith('WS_ERR') ? this.problems : this.notes).push(`socket error: ${error.message}`);
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      // 1005 (no status) is what ws reports for a close frame without a code; 1006 an abrupt end.
      if (code === 1006 && !this.terminated) this.notes.push('connection dropped without a close frame (1006)');
      for (const w of this.waiters.splice(0)) w.resolve(undefined);
      for (const w of this.closeWaiters.splice(0)) w();
    });
  }

  /** Opens a socket; an upgrade the server refuses gives its HTTP status instead. */
  static open(url: string, vsn: Vsn, timeoutMs = 5000): Promise<OpenResult> {
    return new Promise((resolve) => {
      const ws = new WebSocket(url, { handshakeTimeout: timeoutMs });
      const done = (r: OpenResult) => {
        ws.removeAllListeners('open').removeAllListeners('unexpected-response');
        resolve(r);
      };
      ws.once('open', () => done({ socket: new RawSocket(ws, vsn) }));
      ws.once('unexpected-response', (_req, res) => {
        res.resume();
        done({ refused: res.statusCode ?? 0 });
        ws.terminate();
      });
      ws.once('error', (error) => done({ failed: error.message }));
    });
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  private onMessage(data: Buffer, isBinary: boolean) {
    const frame = decodeFrame(this.vsn, data, isBinary);
    if (typeof frame === 'string') {
      this.problems.push(frame);
      return;
    }
    const traced = this.sentRefs.has(JSON.stringify(frame.ref)) || this.sentRefs.has(scalarText(frame.ref));
    if (frame.event === 'phx_reply' && frame.ref !== null && frame.ref !== undefined && !traced) {
      this.problems.push(`reply to a ref never sent: ${JSON.stringify(frame).slice(0, 160)}`);
    }
    const received = { ...frame, at: performance.now() };
    this.frames.push(received);
    this.waiters = this.waiters.filter((w) => {
      if (!w.pred(received)) return true;
      w.resolve(received);
      return false;
    });
  }

  /** Sends a frame if the socket is open; `ref` is remembered for reply tracing. */
  send(data: string | Buffer, ref?: unknown): boolean {
    if (!this.isOpen) return false;
    // A raw text or binary push that happens to be a well-formed frame carries a ref of its own
    // (fuzzed `[{},"","","",[]]` is a push with ref "" to topic ""), which the server may answer.
    for (const r of ref === undefined ? refsIn(data) : [ref]) {
      // A server may echo a non-string ref as its string form; both count as this push's ref.
      this.sentRefs.add(JSON.stringify(r)).add(scalarText(r));
    }
    this.ws.send(data, { binary: Buffer.isBuffer(data) });
    return true;
  }

  /** The first frame (already received or coming) matching `pred`, or undefined on timeout/close. */
  waitFor(pred: (f: Received) => boolean, timeoutMs: number): Promise<Received | undefined> {
    const seen = this.frames.find(pred);
    if (seen) return Promise.resolve(seen);
    if (this.closed) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const waiter = { pred, resolve: (f: Received | undefined) => { clearTimeout(timer); resolve(f); } };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(undefined);
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Lets the send buffer drain (a huge frame) before the next step; false if it never does. */
  async drained(timeoutMs = 5000): Promise<boolean> {
    const end = performance.now() + timeoutMs;
    while (this.isOpen && this.ws.bufferedAmount > 0) {
      if (performance.now() > end) return false;
      await new Promise((r) => setTimeout(r, 5));
    }
    return true;
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.notes.push('no close frame back within 2 s');
        this.terminated = true;
        this.ws.terminate();
        resolve();
      }, 2000);
      this.closeWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
      this.ws.close(1000);
    });
  }
}

/** The ref a server could read from raw bytes or text: element 1 of a 5-array, `ref` of an object, a binary push's ref field. */
function refsIn(data: string | Buffer): unknown[] {
  if (Buffer.isBuffer(data)) {
    // Binary push: kind 3, then the lengths of join_ref, ref, topic, event (realtime-js's serializer).
    if (data.length < 7 || data[0] !== 3) return [];
    const start = 7 + data[1]!;
    return start + data[2]! <= data.length ? [data.subarray(start, start + data[2]!).toString('utf8')] : [];
  }
  try {
    const parsed: unknown = JSON.parse(data);
    if (Array.isArray(parsed)) return parsed.length === 5 ? [parsed[1]] : [];
    return typeof parsed === 'object' && parsed !== null && 'ref' in parsed ? [(parsed as { ref: unknown }).ref] : [];
  } catch {
    return [];
  }
}
