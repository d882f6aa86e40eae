/**
 * Topic membership for broadcast and presence, within this process. Presence follows Phoenix
 * Presence: state `{key: {metas: [{phx_ref, ...payload}]}}`, diffs `{joins, leaves}` in the same
 * shape; a re-track replaces the meta (a leave of the old one and a join of the new one).
 */
import { randomBytes } from 'node:crypto';

export interface Member {
  /** The topic's room: `realtime:<name>`, or `private:realtime:<name>` for a private channel (a
   * private and a public channel of the same name do not share messages, as in Realtime). */
  readonly room: string;
  /** Sends one event on the member's channel (the member picks the frame format). */
  push(event: string, payload: unknown): void;
  /** A user broadcast that arrived as binary (kind 3); members choose kind 4 or skip. */
  pushBinaryBroadcast(event: string, payload: Buffer, meta?: Record<string, unknown>): void;
}

interface Meta extends Record<string, unknown> {
  phx_ref: string;
}

const phxRef = () => randomBytes(9).toString('base64url');

export class Hub {
  readonly #topics = new Map<string, Set<Member>>();
  readonly #presence = new Map<string, Map<Member, { key: string; meta: Meta }>>();

  add(member: Member): void {
    let set = this.#topics.get(member.room);
    if (!set) this.#topics.set(member.room, (set = new Set()));
    set.add(member);
  }

  /** Leaves the topic; the others see its presence leave. */
  remove(member: Member): void {
    const set = this.#topics.get(member.room);
    set?.delete(member);
    if (set?.size === 0) this.#topics.delete(member.room);
    this.untrack(member);
  }

  members(topic: string): Iterable<Member> {
    return this.#topics.get(topic) ?? [];
  }

  broadcast(topic: string, payload: unknown, except?: Member): void {
    for (const m of this.members(topic)) if (m !== except) m.push('broadcast', payload);
  }

  broadcastBinary(topic: string, event: string, payload: Buffer, meta: Record<string, unknown> | undefined, except?: Member): void {
    for (const m of this.members(topic)) if (m !== except) m.pushBinaryBroadcast(event, payload, meta);
  }

  presenceState(topic: string): Record<string, { metas: Meta[] }> {
    const state: Record<string, { metas: Meta[] }> = {};
    for (const { key, meta } of this.#presence.get(topic)?.values() ?? []) (state[key] ??= { metas: [] }).metas.push(meta);
    return state;
  }

  track(member: Member, key: string, payload: Record<string, unknown>): void {
    let tracked = this.#presence.get(member.room);
    if (!tracked) this.#presence.set(member.room, (tracked = new Map()));
    const previous = tracked.get(member);
    const meta: Meta = { ...payload, phx_ref: phxRef(), ...(previous ? { phx_ref_prev: previous.meta.phx_ref } : {}) };
    tracked.set(member, { key, meta });
    const leaves = previous ? { [previous.key]: { metas: [previous.meta] } } : {};
    this.#diff(member.room, { [key]: { metas: [meta] } }, leaves);
  }

  untrack(member: Member): void {
    const tracked = this.#presence.get(member.room);
    const previous = tracked?.get(member);
    if (!tracked || !previous) return;
    tracked.delete(member);
    if (tracked.size === 0) this.#presence.delete(member.room);
    this.#diff(member.room, {}, { [previous.key]: { metas: [previous.meta] } });
  }

  isTracked(member: Member, key: string, payload: Record<string, unknown>): boolean {
    const current = this.#presence.get(member.room)?.get(member);
    if (!current || current.key !== key) return false;
    const { phx_ref: _ref, phx_ref_prev: _prev, ...rest } = current.meta;
    return JSON.stringify(rest) === JSON.stringify(payload);
  }

  #diff(topic: string, joins: Record<string, unknown>, leaves: Record<string, unknown>): void {
    for (const m of this.members(topic)) m.push('presence_diff', { joins, leaves });
  }
}
