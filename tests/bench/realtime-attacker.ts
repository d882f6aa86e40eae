/**
 * The attacker of realtime-attack-bench.ts, in a process of its own: from one address (an
 * X-Forwarded-For the stack trusts from loopback) it keeps up to SOCKETS WebSocket connections
 * open, each trying CHANNELS channels of BINDINGS filtered postgres_changes bindings, and opens a
 * new socket RETRY ms after one is refused or closed. Reports what the server answered.
 *
 * argv: <ws url> <address> <sockets> <channels> <bindings> <retry ms>
 */
import WebSocket from 'ws';

const [url, address, socketsArg, channelsArg, bindingsArg, retryArg] = process.argv.slice(2);
const RETRY_MS = Number(retryArg ?? 1000);
const SOCKETS = Number(socketsArg);
const CHANNELS = Number(channelsArg);
const BINDINGS = Number(bindingsArg);

const stats = { opened: 0, refused: {} as Record<string, number>, closed: 0, joinsOk: 0, joinErrors: {} as Record<string, number>, system: {} as Record<string, number> };
const count = (o: Record<string, number>, k: string) => (o[k] = (o[k] ?? 0) + 1);
let stopping = false;
let serial = 0;

// Built once: the attacker's own CPU shares the machine with the server under test, and a real
// attacker's would not. Topics differ per socket; the filter values differ per channel.
const payloads = Array.from({ length: CHANNELS }, (_, c) =>
  JSON.stringify({ config: { postgres_changes: Array.from({ length: BINDINGS }, (_, i) => ({ event: '*', schema: 'public', table: 'rt_attack', filter: `id=eq.${1_000_000 + c * 1000 + i}` })) } }),
);

function open(): void {
  if (stopping) return;
  const ws = new WebSocket(url!, { headers: { 'x-forwarded-for': address! } });
  const again = () => setTimeout(open, RETRY_MS);
  ws.on('unexpected-response', (_req, res) => {
    let body = '';
    res.on('data', (c: Buffer) => (body += c.toString()));
    res.on('end', () => {
      count(stats.refused, `${res.statusCode} ${body}`);
      again();
    });
  });
  ws.on('error', () => undefined);
  ws.on('open', () => {
    stats.opened++;
    serial++;
    for (let c = 0; c < CHANNELS; c++) {
      ws.send(`["${c}","${c}","realtime:attack-${serial}-${c}","phx_join",${payloads[c]}]`);
    }
    const beat = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}])), 25_000);
    ws.on('message', (data) => {
      const [, , , event, payload] = JSON.parse(String(data)) as [unknown, unknown, string, string, Record<string, any>];
      if (event === 'phx_reply' && payload.status === 'ok' && payload.response?.postgres_changes) stats.joinsOk++;
      else if (event === 'phx_reply' && payload.status === 'error') count(stats.joinErrors, String(payload.response?.reason));
      else if (event === 'system') count(stats.system, `${payload.status}: ${String(payload.message).slice(0, 80)}`);
    });
    ws.on('close', () => {
      clearInterval(beat);
      stats.closed++;
      again();
    });
  });
}

for (let i = 0; i < SOCKETS; i++) setTimeout(open, i * 2);
process.on('message', (m: { type: string }) => {
  if (m.type === 'report') process.send!({ type: 'report', stats });
  if (m.type === 'stop') {
    stopping = true;
    process.send!({ type: 'report', stats });
    setTimeout(() => process.exit(0), 100);
  }
});
