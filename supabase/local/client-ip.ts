/**
 * The caller's IP address, for rate limits, sessions and access logs. Forwarding headers are
 * trusted only when the socket peer is a configured proxy (`[api] trusted_proxies`, a local-only
 * key listing addresses; none by default): otherwise any client could name a fresh address per
 * request, dodge every per-IP limit and forge the IP in the logs. Under `vite`/`vite preview` the
 * stack runs in the server's own process, so the peer is the browser itself.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

const normalise = (ip: string) => ip.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '').toLowerCase();

export function createClientIp(trustedProxies: readonly string[]): (req: IncomingMessage) => string {
  const trusted = new Set(trustedProxies.map(normalise));
  return (req) => {
    const peer = normalise(req.socket.remoteAddress ?? '') || '127.0.0.1';
    if (!trusted.has(peer)) return peer;
    // Each proxy appends the address it received from: walk back past our own proxies; the first
    // hop we did not add ourselves is the client (anything left of it is the client's own claim).
    const header = req.headers['x-forwarded-for'];
    const hops = (Array.isArray(header) ? header.join(',') : header ?? '').split(',').map(normalise).filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i]!;
      if (!isIP(hop)) return peer;
      if (!trusted.has(hop)) return hop;
    }
    return peer;
  };
}
