/**
 * One WebSocket: frames in, frames out. Inbound frames are handled one at a time in arrival order
 * (a join finishes before the next frame of the same client is looked at), except heartbeats,
 * which are answered at once. Every failure is
 * contained here: a frame that does not decode is ignored, a handler error is logged, a client
 * that stops reading (more than `maxBufferedBytes` unsent) or goes silent is dropped.
 */
import type { JwtClaims } from '../contracts.ts';
import { checkToken, joinReason } from './auth.ts';
import { readAuthorizations, type Policies } from './authorization.ts';
import { Channel, type ChannelHost } from './channel.ts';
import type { Core } from './core.ts';
import { LIMITS } from './limits.ts';
import { decodeBinary, decodeText, encodeBinaryBroadcast, encodeText, type Message, type Vsn } from './protocol.ts';
import type WebSocket from 'ws';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export class Connection implements ChannelHost {
  readonly #channels = new Map<string, Channel>();
  #chain: Promise<void> = Promise.resolve();
  #idle: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    private readonly core: Core,
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    /** The connection's API key: the token of channels that join without `access_token`. */
    private readonly apikey: string,
    /** The client's address, for the per-address quotas. */
    readonly ip: string,
  ) {
    ws.on('message', (data, isBinary) => this.#receive(data as Buffer | Buffer[], isBinary));
    ws.on('close', () => this.#teardown());
    ws.on('error', () => this.#teardown());
    this.#touch();
  }

  get channelCount(): number {
    return this.#channels.size;
  }

  send(msg: Message): void {
    this.#write(encodeText(msg, this.vsn));
  }

  sendBinaryBroadcast(topic: string, event: string, payload: Buffer, meta?: Record<string, unknown>): void {
    // Serializer 1.0.0 cannot carry binary payloads: Realtime skips those clients too.
    if (this.vsn !== '2.0.0') return;
    const frame = encodeBinaryBroadcast(topic, event, payload, meta);
    if (frame) this.#write(frame);
  }

  detach(channel: Channel): void {
    if (this.#channels.get(channel.topic) === channel) this.#channels.delete(channel.topic);
  }

  /** Closes every channel and the socket (stack shutdown). */
  close(code = 1001, reason = 'server shutting down'): void {
    this.#teardown();
    try {
      this.ws.close(code, reason);
    } catch {
      this.ws.terminate();
    }
  }

  #write(data: string | Buffer): void {
    if (this.#closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > LIMITS.maxBufferedBytes) {
      this.core.log('Realtime: error: client not reading, connection dropped (back-pressure)');
      this.#teardown();
      this.ws.terminate();
      return;
    }
    this.ws.send(data);
  }

  #touch(): void {
    if (this.#idle) clearTimeout(this.#idle);
    this.#idle = setTimeout(() => this.close(1000, 'idle'), LIMITS.idleTimeoutMs);
    this.#idle.unref();
  }

  #receive(data: Buffer | Buffer[], isBinary: boolean): void {
    if (this.#closed) return;
    this.#touch();
    const buf = Array.isArray(data) ? Buffer.concat(data) : data;
    const msg = isBinary ? undefined : decodeText(buf.toString('utf8'), this.vsn);
    if (!isBinary && !msg) return;
    // Phoenix answers a heartbeat at once, whatever joins of this socket are still under way:
    // a client whose heartbeat goes unanswered reconnects.
    if (msg?.topic === 'phoenix') {
      if (msg.event === 'heartbeat') this.#reply(msg, 'ok', {});
      return;
    }
    this.#chain = this.#chain
      .then(() => (msg ? this.#text(msg) : this.#binary(buf)))
      .catch((error: unknown) => this.core.log(`Realtime: error handling a frame: ${(error as Error).message}`));
  }

  #reply(msg: Message, status: 'ok' | 'error', response: unknown): void {
    this.send({ joinRef: msg.joinRef, ref: msg.ref, topic: msg.topic, event: 'phx_reply', payload: { status, response } });
  }

  async #binary(buf: Buffer): Promise<void> {
    if (this.#closed) return;
    const b = decodeBinary(buf);
    if (!b) return;
    await this.#channels.get(b.topic)?.handleBinary(b);
  }

  async #text(msg: Message): Promise<void> {
    if (this.#closed) return;
    const reply = (status: 'ok' | 'error', response: unknown) => this.#reply(msg, status, response);
    if (msg.event === 'phx_join') return this.#join(msg, reply);
    const channel = this.#channels.get(msg.topic);
    if (!channel) {
      if (msg.event !== 'phx_leave' && msg.event !== 'access_token') reply('error', { reason: 'unmatched topic' });
      else if (msg.event === 'phx_leave') reply('ok', {});
      return;
    }
    await channel.handle(msg);
  }

  async #join(msg: Message, reply: (status: 'ok' | 'error', response: unknown) => void): Promise<void> {
    const fail = (reason: string) => {
      this.core.log(`Realtime: join ${msg.topic} refused: ${reason}`);
      reply('error', { reason });
    };
    if (!msg.topic.startsWith('realtime:')) return reply('error', { reason: 'unmatched topic' });
    if (msg.topic === 'realtime:') return fail('You must provide a topic name');
    // Phoenix closes the existing channel of a topic joined again.
    const existing = this.#channels.get(msg.topic);
    if (existing) {
      existing.push('phx_close', {});
      existing.close();
    }
    const { quota } = this.core;
    if (!quota.join(this.ip)) {
      // Hosted Realtime refuses the join and disconnects the socket (the client reconnects later);
      // the frames this client queued behind it are not looked at.
      fail('ClientJoinRateLimitReached: Too many joins per second');
      this.close(1000, 'too many joins');
      // A flood keeps arriving until the client reads our close frame: drop the connection soon
      // after the reply went out rather than read (and unmask) all it still sends.
      setTimeout(() => this.ws.terminate(), 50).unref();
      return;
    }
    if (this.#channels.size >= quota.quotas.maxChannelsPerClient) return fail('ChannelRateLimitReached: Too many channels');
    const payload = isObject(msg.payload) ? msg.payload : {};
    const config = isObject(payload.config) ? payload.config : {};
    // A local cap (hosted has none): each binding costs every change of its table a filter check.
    const bindings = Array.isArray(config.postgres_changes) ? config.postgres_changes.length : 0;
    if (bindings > quota.quotas.maxPostgresChangesPerChannel) {
      return fail(`ChannelRateLimitReached: Too many postgres_changes bindings (at most ${quota.quotas.maxPostgresChangesPerChannel} per channel)`);
    }
    const given = typeof payload.access_token === 'string' ? payload.access_token : typeof payload.user_token === 'string' ? payload.user_token : undefined;
    const token = given && !given.startsWith('sb_') ? given : this.apikey;
    const check = await checkToken(this.core.ctx, token);
    if (this.#closed) return;
    if (!check.ok) return fail(joinReason(check));
    const claims: JwtClaims = check.claims;
    const presence = isObject(config.presence) && config.presence.enabled === true;
    let policies: Policies | null = null;
    if (config.private === true) {
      // Realtime Authorization: the join needs read access to broadcast or (when presence is on)
      // presence, decided by the project's RLS policies on realtime.messages.
      const subTopic = msg.topic.slice('realtime:'.length);
      const denied = `You do not have permissions to read from this Channel topic: ${subTopic}`;
      const read = await readAuthorizations(this.core.ctx.db, subTopic, claims, presence ? ['broadcast', 'presence'] : ['broadcast']).catch(
        (error: unknown) => {
          this.core.log(`Realtime: RlsPolicyError on ${subTopic}: ${(error as Error).message}`);
          return null;
        },
      );
      if (this.#closed) return;
      if (!read || !(read.broadcast || read.presence)) return fail(denied);
      policies = { read, write: {} };
    }
    const channel = new Channel(this.core, this, { topic: msg.topic, joinRef: msg.joinRef, claims, token, config, policies });
    this.#channels.set(msg.topic, channel);
    reply('ok', channel.joinResponse());
    this.core.log(
      `Realtime: join ${msg.topic} role=${String(claims.role)} postgres_changes=${channel.bindingCount} presence=${presence} private=${policies !== null}`,
    );
    channel.start(presence);
  }

  #teardown(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#idle) clearTimeout(this.#idle);
    for (const channel of [...this.#channels.values()]) channel.close();
    this.#channels.clear();
  }
}
