/**
 * A lean Realtime subscriber for load: one WebSocket speaking vsn 2.0.0 array frames, one channel
 * with one postgres_changes binding, heartbeats every 25 s like supabase-js. Hundreds of these cost
 * far less than as many supabase-js clients; the benchmark checks the first subscriber with the
 * real supabase-js so the frames these accept are ones supabase-js accepts too.
 */
import WebSocket from 'ws';

export interface LeanOptions {
  wsUrl: string;
  topic: string;
  table: string;
  token: string;
  onChange: (record: Record<string, unknown>, at: number) => void;
  onProblem: (problem: string) => void;
}

export const now = () => performance.timeOrigin + performance.now();

export class LeanSubscriber {
  private ws: WebSocket | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private ref = 0;
  private bindingId: number | undefined;

  constructor(private readonly o: LeanOptions) {}

  private push(joinRef: string | null, topic: string, event: string, payload: unknown): string {
    const ref = String(++this.ref);
    this.ws?.send(JSON.stringify([joinRef, ref, topic, event, payload]));
    return ref;
  }

  /** Connects and joins; resolves once the server says "Subscribed to PostgreSQL". */
  open(timeoutMs = 20_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.o.topic}: not subscribed within ${timeoutMs} ms`)), timeoutMs);
      const ws = new WebSocket(this.o.wsUrl, { perMessageDeflate: false });
      this.ws = ws;
      let joinRef = '';
      ws.on('open', () => {
        joinRef = this.push(null, this.o.topic, 'phx_join', {
          config: { broadcast: { ack: false, self: false }, presence: { key: '', enabled: false }, postgres_changes: [{ event: 'INSERT', schema: 'public', table: this.o.table }], private: false },
          access_token: this.o.token,
        });
        this.heartbeat = setInterval(() => this.push(null, 'phoenix', 'heartbeat', {}), 25_000);
      });
      ws.on('message', (data) => {
        const at = now();
        const [, ref, , event, payload] = JSON.parse(data.toString()) as [unknown, unknown, string, string, Record<string, any>];
        if (event === 'postgres_changes') {
          if (!payload.ids?.includes(this.bindingId)) this.o.onProblem(`change without our binding id ${this.bindingId}: ${JSON.stringify(payload.ids)}`);
          else this.o.onChange(payload.data.record, at);
        } else if (event === 'phx_reply' && ref === joinRef) {
          const binding = payload.response?.postgres_changes?.[0];
          if (payload.status !== 'ok' || typeof binding?.id !== 'number') {
            clearTimeout(timer);
            reject(new Error(`join refused: ${JSON.stringify(payload)}`));
          }
          this.bindingId = binding?.id;
        } else if (event === 'system' && payload.extension === 'postgres_changes') {
          clearTimeout(timer);
          if (payload.status === 'ok') resolve();
          else reject(new Error(`system: ${JSON.stringify(payload)}`));
        } else if (event === 'phx_error' || event === 'phx_close') {
          this.o.onProblem(`${event} on ${this.o.topic}: ${JSON.stringify(payload)}`);
        }
      });
      ws.on('error', (error) => this.o.onProblem(`${this.o.topic}: ${error.message}`));
      ws.on('close', (code) => {
        if (this.heartbeat) clearInterval(this.heartbeat);
        if (code !== 1000 && code !== 1005) this.o.onProblem(`${this.o.topic}: closed ${code}`);
      });
    });
  }

  close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    const ws = this.ws;
    if (!ws || ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      ws.once('close', () => resolve());
      ws.close(1000);
      setTimeout(() => {
        ws.terminate();
        resolve();
      }, 2000).unref();
    });
  }
}
