/**
 * One joined channel (`realtime:<name>`) of one connection, with Realtime's rules: the join reply
 * lists the `postgres_changes` bindings in the client's order with a numeric id each (the same
 * params give the same id, as Realtime's `phash2`), then a `system` message says whether the
 * Postgres subscription is live. The channel's token is re-checked when it would expire, when the
 * client sends a new one (`access_token`) and when its session ends; a token that fails closes
 * the channel with a `system` error and `phx_close`, as Realtime's shutdown does.
 */
import { randomUUID } from 'node:crypto';
import type { JwtClaims } from '../contracts.ts';
import { checkToken, SESSION_ENDED, secondsLeft, shutdownMessage } from './auth.ts';
import { parseBinding, type BindingParams } from './changes/filters.ts';
import { resolveBindings } from './changes/subscribe.ts';
import type { ChangeData, ChangeSubscriber } from './changes/types.ts';
import type { Core, SessionBound } from './core.ts';
import type { Member } from './hub.ts';
import { LIMITS } from './limits.ts';
import type { BinaryBroadcast, Message } from './protocol.ts';
import { readAuthorizations, writeAuthorization, type Extension, type Policies } from './authorization.ts';
import { presenceIdentity, type PresenceEntry } from './presence-identity.ts';

/** The connection as a channel uses it. */
export interface ChannelHost {
  /** The client's address (per-address quotas). */
  readonly ip: string;
  send(msg: Message): void;
  sendBinaryBroadcast(topic: string, event: string, payload: Buffer, meta?: Record<string, unknown>): void;
  detach(channel: Channel): void;
}

interface Binding {
  raw: Record<string, unknown>;
  id: number;
  parsed: BindingParams | { error: string };
}

const RECHECK_MAX_MS = 5 * 60 * 1000;

/** A stable 27-bit number for a binding's params (key order does not matter). */
export function bindingId(params: Record<string, unknown>): number {
  const canonical = JSON.stringify(Object.keys(params).sort().map((k) => [k, params[k]]));
  let h = 0x811c9dc5;
  for (let i = 0; i < canonical.length; i++) h = Math.imul(h ^ canonical.charCodeAt(i), 0x01000193) >>> 0;
  return h & 0x7ffffff;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface JoinOptions {
  topic: string;
  joinRef: string | null;
  claims: JwtClaims;
  token: string;
  config: Record<string, unknown>;
  /** A private channel's authorization (read checked at join); null for a public channel. */
  policies?: Policies | null;
}

export class Channel implements Member, ChangeSubscriber, SessionBound {
  readonly topic: string;
  readonly room: string;
  readonly subTopic: string;
  #policies: Policies | null;
  readonly joinRef: string | null;
  #claims: JwtClaims;
  #token: string;
  readonly #bindings: Binding[];
  readonly #presenceKey: string;
  /** What the client last tracked (re-examined when its token changes). */
  #tracked: Record<string, unknown> | undefined;
  #presenceEnabled = false;
  readonly #self: boolean;
  readonly #ack: boolean;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;
  #subscribing = 0;

  constructor(
    private readonly core: Core,
    private readonly host: ChannelHost,
    options: JoinOptions,
  ) {
    this.topic = options.topic;
    this.subTopic = options.topic.slice('realtime:'.length);
    this.#policies = options.policies ?? null;
    this.room = this.#policies ? `private:${options.topic}` : options.topic;
    this.joinRef = options.joinRef;
    this.#claims = options.claims;
    this.#token = options.token;
    const { config } = options;
    const broadcast = isObject(config.broadcast) ? config.broadcast : {};
    const presence = isObject(config.presence) ? config.presence : {};
    this.#self = broadcast.self === true;
    this.#ack = broadcast.ack === true;
    this.#presenceKey = typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID();
    const raw = Array.isArray(config.postgres_changes) ? config.postgres_changes.filter(isObject) : [];
    this.#bindings = raw.map((r) => ({ raw: r, id: bindingId(r), parsed: parseBinding(r) }));
  }

  /** The join reply's `response`. */
  joinResponse(): { postgres_changes: Record<string, unknown>[] } {
    return { postgres_changes: this.#bindings.map((b) => ({ ...b.raw, id: b.id })) };
  }

  /** After the ok reply went out: membership, presence state, token re-check, Postgres subscription. */
  start(presenceEnabled: boolean): void {
    this.#presenceEnabled = presenceEnabled;
    this.core.hub.add(this);
    this.core.sessions.set(this);
    if (presenceEnabled) this.push('presence_state', this.core.hub.presenceState(this.room));
    this.#schedule();
    if (this.#bindings.length) void this.#subscribe();
  }

  get bindingCount(): number {
    return this.#bindings.length;
  }

  sessionId(): string | undefined {
    return typeof this.#claims.session_id === 'string' ? this.#claims.session_id : undefined;
  }

  currentClaims(): JwtClaims | null {
    if (this.#closed || secondsLeft(this.#claims) <= 0 || this.core.ctx.endedSessions.has(this.#claims.session_id)) return null;
    return this.#claims;
  }

  push(event: string, payload: unknown): void {
    if (!this.#mayReceive(event)) return;
    if (!this.#closed) this.host.send({ joinRef: this.joinRef, ref: null, topic: this.topic, event, payload });
  }

  pushBinaryBroadcast(event: string, payload: Buffer, meta?: Record<string, unknown>): void {
    if (!this.#mayReceive('broadcast')) return;
    if (!this.#closed) this.host.sendBinaryBroadcast(this.topic, event, payload, meta);
  }

  pushChange(ids: number[], data: ChangeData): void {
    this.push('postgres_changes', { ids, data });
  }

  #reply(ref: string | null, status: 'ok' | 'error', response: unknown = {}): void {
    if (!this.#closed) this.host.send({ joinRef: this.joinRef, ref, topic: this.topic, event: 'phx_reply', payload: { status, response } });
  }

  /** An event the client pushed on this channel. */
  async handle(msg: Message): Promise<void> {
    const payload = isObject(msg.payload) ? msg.payload : {};
    switch (msg.event) {
      case 'broadcast':
        if (!isObject(msg.payload)) return;
        // Realtime drops a private channel's broadcast the user may not send, without a reply.
        if (!(await this.#mayWrite('broadcast')) || this.#closed) return;
        if (!this.core.quota.event(this.host.ip)) return this.shutdown('Too many messages per second');
        this.core.hub.broadcast(this.room, msg.payload, this.#self ? undefined : this);
        if (this.#ack) this.#reply(msg.ref, 'ok');
        return;
      case 'presence':
        return await this.#presence(msg.ref, payload);
      case 'access_token':
        return this.#accessToken(payload.access_token);
      case 'phx_leave':
        this.#reply(msg.ref, 'ok');
        this.close();
        return;
      default:
        return; // Realtime ignores events it does not know
    }
  }

  async handleBinary(b: BinaryBroadcast): Promise<void> {
    if (!(await this.#mayWrite('broadcast')) || this.#closed) return;
    if (!this.core.quota.event(this.host.ip)) return this.shutdown('Too many messages per second');
    if (b.binary) this.core.hub.broadcastBinary(this.room, b.event, b.payload as Buffer, b.meta, this.#self ? undefined : this);
    else {
      const message = { type: 'broadcast', event: b.event, payload: b.payload, ...(b.meta ? { meta: b.meta } : {}) };
      this.core.hub.broadcast(this.room, message, this.#self ? undefined : this);
    }
    if (this.#ack) this.#reply(b.ref, 'ok');
  }

  /** A private channel delivers only what its user may read (checked at join). */
  #mayReceive(event: string): boolean {
    if (!this.#policies) return true;
    if (event === 'broadcast') return this.#policies.read.broadcast === true;
    if (event === 'presence_state' || event === 'presence_diff') return this.#policies.read.presence === true;
    return true;
  }

  /** A private channel's write access, checked once per extension, as Realtime caches it. */
  async #mayWrite(extension: Extension): Promise<boolean> {
    if (!this.#policies) return true;
    const known = this.#policies.write[extension];
    if (known !== undefined) return known;
    const ok = await writeAuthorization(this.core.ctx.db, this.subTopic, this.#claims, extension).catch((error: unknown) => {
      this.core.log(`Realtime: RlsPolicyError on ${this.subTopic}: ${(error as Error).message}`);
      return null;
    });
    if (ok === null) return false; // an error is not cached: the next send asks again
    this.#policies.write[extension] = ok;
    return ok;
  }

  async #presence(ref: string | null, payload: Record<string, unknown>): Promise<void> {
    const event = typeof payload.event === 'string' ? payload.event.toLowerCase() : undefined;
    if (event === 'track' || event === 'untrack') {
      if (!this.core.quota.presence(this.host.ip)) return this.shutdown('Too many presence messages per second');
    }
    if (event === 'untrack') {
      this.#tracked = undefined;
      this.core.hub.untrack(this);
      return this.#reply(ref, 'ok');
    }
    if (event !== 'track') return event === undefined ? this.#reply(ref, 'ok') : this.#reply(ref, 'error');
    if (!(await this.#mayWrite('presence'))) return this.#reply(ref, 'error');
    if (this.#closed) return;
    const meta = payload.payload ?? {};
    if (!isObject(meta)) return this.#reply(ref, 'error', { reason: 'Presence track payload must be a map' });
    if (Buffer.byteLength(JSON.stringify(meta)) > LIMITS.maxPresenceBytes) return this.shutdown('Track message size exceeded');
    const entry = await this.#presenceEntry(meta);
    if (this.#closed) return;
    if (!entry) return this.#reply(ref, 'error');
    this.#tracked = meta;
    if (!this.core.hub.isTracked(this, entry.key, entry.meta)) this.core.hub.track(this, entry.key, entry.meta);
    this.#reply(ref, 'ok');
  }

  /** The key and meta to track: the database's answer on a private channel (presence-identity.ts). */
  async #presenceEntry(meta: Record<string, unknown>): Promise<PresenceEntry | null> {
    const client = { key: this.#presenceKey, meta };
    if (!this.#policies || !this.core.presenceIdentity) return client;
    return presenceIdentity(this.core.ctx.db, this.core.presenceIdentity, this.subTopic, this.#claims, client).catch((error: unknown) => {
      this.core.log(`Realtime: presence identity on ${this.subTopic} failed: ${(error as Error).message}`);
      return null;
    });
  }

  async #accessToken(token: unknown): Promise<void> {
    if (typeof token !== 'string' || token.startsWith('sb_') || token === this.#token) return;
    const check = await checkToken(this.core.ctx, token);
    if (this.#closed) return;
    if (!check.ok) return this.shutdown(shutdownMessage(check));
    if (this.#policies) {
      // Realtime re-runs the read authorization under the new token: a channel the new claims may
      // not read at all, or may no longer read something they could, is shut down.
      const previous = this.#policies.read;
      const read = await readAuthorizations(this.core.ctx.db, this.subTopic, check.claims, this.#presenceEnabled ? ['broadcast', 'presence'] : ['broadcast']).catch(
        (error: unknown) => {
          this.core.log(`Realtime: RlsPolicyError on ${this.subTopic}: ${(error as Error).message}`);
          return null;
        },
      );
      if (this.#closed) return;
      if (!read || !(read.broadcast || read.presence)) return this.shutdown(`You do not have permissions to read from this Channel topic: ${this.subTopic}`);
      const revoked = (['broadcast', 'presence'] as const).some((e) => previous[e] === true && read[e] === false);
      if (revoked) return this.shutdown(`You no longer have permission to read from this Channel topic: ${this.subTopic}`);
      // Write access is asked again under the new claims.
      this.#policies = { read, write: {} };
    }
    this.#claims = check.claims;
    this.#token = token;
    this.core.sessions.set(this);
    this.#schedule();
    if (this.#bindings.length) void this.#subscribe();
    if (this.#tracked) await this.#retrack(this.#tracked);
  }

  /** A tracked presence whose identity comes from the database follows the new token's user. */
  async #retrack(meta: Record<string, unknown>): Promise<void> {
    if (!this.#policies || !this.core.presenceIdentity) return;
    const entry = await this.#presenceEntry(meta);
    if (this.#closed) return;
    if (!entry) {
      this.#tracked = undefined;
      this.core.hub.untrack(this);
    } else if (!this.core.hub.isTracked(this, entry.key, entry.meta)) this.core.hub.track(this, entry.key, entry.meta);
  }

  /** Realtime re-confirms a token every 5 minutes and when it expires. */
  #schedule(): void {
    if (this.#timer) clearTimeout(this.#timer);
    const ms = Math.min(RECHECK_MAX_MS, Math.max(0, secondsLeft(this.#claims)) * 1000 + 50);
    this.#timer = setTimeout(() => void this.#recheck(), ms);
    this.#timer.unref();
  }

  async #recheck(): Promise<void> {
    if (this.#closed) return;
    const check = await checkToken(this.core.ctx, this.#token).catch(() => null);
    if (this.#closed) return;
    if (check && !check.ok) this.shutdown(shutdownMessage(check));
    else this.#schedule();
  }

  /** Resolves the bindings under the current role and reports the outcome as Realtime does. */
  async #subscribe(): Promise<void> {
    const attempt = ++this.#subscribing;
    const system = (status: 'ok' | 'error', message: string) =>
      this.push('system', { extension: 'postgres_changes', status, message, channel: this.subTopic });
    const bad = this.#bindings.find((b) => 'error' in b.parsed);
    let result: Set<string>[] | { error: string };
    if (bad) result = { error: (bad.parsed as { error: string }).error };
    else {
      const role = typeof this.#claims.role === 'string' ? this.#claims.role : 'anon';
      result = await resolveBindings(this.core.ctx.db, role, this.#bindings.map((b) => b.parsed as BindingParams)).catch(
        (error: unknown) => ({ error: `Unable to subscribe to changes: ${(error as Error).message}` }),
      );
    }
    if (this.#closed || attempt !== this.#subscribing) return;
    if ('error' in result) {
      this.core.feed.set(this, []);
      this.core.log(`Realtime: ${this.topic} postgres_changes error: ${result.error}`);
      return system('error', result.error);
    }
    this.core.feed.set(
      this,
      this.#bindings.map((b, i) => ({ id: b.id, subscriber: this, params: b.parsed as BindingParams, entities: result[i]! })),
    );
    system('ok', 'Subscribed to PostgreSQL');
  }

  /** Realtime's shutdown: a `system` error, then `phx_close` (the client does not rejoin). */
  shutdown(message: string): void {
    if (this.#closed) return;
    this.core.log(`Realtime: closing ${this.topic}: ${message}`);
    this.push('system', { extension: 'system', status: 'error', message, channel: this.subTopic });
    this.push('phx_close', {});
    this.close();
  }

  /** Leaves quietly: presence leave, no more changes or broadcasts. */
  close(): void {
    if (this.#closed) return;
    this.core.hub.remove(this);
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.core.feed.set(this, []);
    this.core.sessions.delete(this);
    this.host.detach(this);
  }
}

export { SESSION_ENDED };
