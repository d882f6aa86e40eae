/** What every connection and channel of one Realtime server shares. */
import type { StackContext } from '../contracts.ts';
import type { ChangeFeed } from './changes/feed.ts';
import type { Hub } from './hub.ts';
import type { Quota } from './quota.ts';

/** A joined channel as the session index sees it. */
export interface SessionBound {
  sessionId(): string | undefined;
  /** Closes the channel with a `system` error (Realtime's shutdown). */
  shutdown(message: string): void;
}

export interface Core {
  ctx: StackContext;
  log(line: string): void;
  hub: Hub;
  feed: ChangeFeed;
  sessions: SessionIndex;
  quota: Quota;
  /** `[realtime] presence_identity`, quoted, or null (presence-identity.ts). */
  presenceIdentity: string | null;
}

/** Channels by the session of their token, so an ended session closes its channels at once. */
export class SessionIndex {
  readonly #bySession = new Map<string, Set<SessionBound>>();
  readonly #current = new Map<SessionBound, string>();

  set(channel: SessionBound): void {
    this.delete(channel);
    const id = channel.sessionId();
    if (!id) return;
    let set = this.#bySession.get(id);
    if (!set) this.#bySession.set(id, (set = new Set()));
    set.add(channel);
    this.#current.set(channel, id);
  }

  delete(channel: SessionBound): void {
    const id = this.#current.get(channel);
    if (id === undefined) return;
    this.#current.delete(channel);
    const set = this.#bySession.get(id);
    set?.delete(channel);
    if (set?.size === 0) this.#bySession.delete(id);
  }

  ended(ids: string[], message: string): void {
    for (const id of ids) for (const channel of [...(this.#bySession.get(id) ?? [])]) channel.shutdown(message);
  }
}
