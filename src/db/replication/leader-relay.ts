import type { PendingWrite } from '../sync/sync-db.ts';

/**
 * Only the leader tab replicates, so only it can pull now or put the server's version of a
 * document back. The sync center works in every tab: a follower asks the leader over a
 * BroadcastChannel and waits for its answer.
 */
export interface RelayedActions {
  syncNow(): Promise<void>;
  discardWrite(entry: PendingWrite): Promise<void>;
  /** Brings a ticket outside a staff device's window onto the device (UserData.openTicket). */
  openTicket(ticketId: string): Promise<void>;
}

type Request = { id: string; action: keyof RelayedActions; entry?: PendingWrite; ticketId?: string };
type Reply = { replyTo: string; error?: string };

const TIMEOUT_MS = 20_000;

export function createLeaderRelay(channelName: string, isLeader: () => boolean, local: RelayedActions): { actions: RelayedActions; close(): void } {
  if (typeof BroadcastChannel === 'undefined') return { actions: local, close: () => {} };
  const channel = new BroadcastChannel(channelName);
  const waiting = new Map<string, (reply: Reply) => void>();

  channel.onmessage = (event: MessageEvent<Request | Reply>) => {
    const message = event.data;
    if ('replyTo' in message) {
      waiting.get(message.replyTo)?.(message);
      return;
    }
    if (!isLeader()) return;
    const run =
      message.action === 'syncNow'
        ? local.syncNow()
        : message.action === 'openTicket'
          ? local.openTicket(message.ticketId as string)
          : local.discardWrite(message.entry as PendingWrite);
    run.then(
      () => channel.postMessage({ replyTo: message.id } satisfies Reply),
      (error: unknown) => channel.postMessage({ replyTo: message.id, error: error instanceof Error ? error.message : String(error) } satisfies Reply),
    );
  };

  const ask = (action: keyof RelayedActions, payload: Pick<Request, 'entry' | 'ticketId'> = {}) =>
    new Promise<void>((resolve, reject) => {
      const id = crypto.randomUUID();
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('The tab that syncs did not answer'));
      }, TIMEOUT_MS);
      waiting.set(id, (reply) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (reply.error) reject(new Error(reply.error));
        else resolve();
      });
      channel.postMessage({ id, action, ...payload } satisfies Request);
    });

  return {
    actions: {
      syncNow: () => (isLeader() ? local.syncNow() : ask('syncNow')),
      discardWrite: (entry) => (isLeader() ? local.discardWrite(entry) : ask('discardWrite', { entry })),
      openTicket: (ticketId) => (isLeader() ? local.openTicket(ticketId) : ask('openTicket', { ticketId })),
    },
    close: () => channel.close(),
  };
}
