import { afterEach, describe, expect, it } from 'vitest';
import { OutboxDeliverer } from '@/db/outbox/deliverer.ts';
import { enqueueEntry } from '@/db/outbox/enqueue.ts';
import { syncStatus } from '@/db/sync/status.ts';
import { GUEST, setSyncDb, type SyncDatabase } from '@/db/sync/sync-db.ts';
import type { OutboxTransport } from '@/db/outbox/transport.ts';
import { freshSyncDb, NOT_FOUND, OFFLINE, OK, scriptedTransport, until } from './outbox-support.ts';

const A1 = '7b0c6a5e-1f3d-4c59-9a53-2f1c1f0f6a10';
const A2 = '1f4d2c3b-8a9e-4b7c-9d6e-0a1b2c3d4e5f';
const A3 = '2a5e3d4c-9b0f-4c8d-8e7f-1b2c3d4e5f60';
const USER = '0d6f5a3c-9b1e-4e55-8d0c-54b1d1b6e2aa';
const OTHER = '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b';

const deliverers: OutboxDeliverer[] = [];
afterEach(() => {
  for (const d of deliverers.splice(0)) d.stop();
  setSyncDb(undefined);
});

function deliverer(db: SyncDatabase, transport: OutboxTransport, userId: string | null = USER, firstMs = 20) {
  const d = new OutboxDeliverer({
    db, transport, getUserId: () => userId, backoff: { firstMs, maxMs: firstMs * 4 },
    onActive: (active) => syncStatus.setState({ active }),
  });
  deliverers.push(d);
  return d;
}

const view = (articleId: string, userId = USER) => enqueueEntry('kb_view', { articleId }, { userId, label: `View ${articleId}` });

describe('outbox delivery', () => {
  it('sends entries oldest first with their id as the idempotency key, and deletes each accepted one', async () => {
    const db = freshSyncDb();
    const first = await view(A1);
    const second = await view(A2);
    const { transport, calls } = scriptedTransport();
    await deliverer(db, transport).deliverNow();
    expect(calls.map((c) => [c.rpc, c.params])).toEqual([
      ['kb_record_view', { p_article_id: A1, p_idempotency_key: first.id, p_viewer_key: expect.stringMatching(/^[0-9a-f-]{36}$/) }],
      ['kb_record_view', { p_article_id: A2, p_idempotency_key: second.id, p_viewer_key: expect.stringMatching(/^[0-9a-f-]{36}$/) }],
    ]);
    // One device, one viewer key (the server counts an anonymous reader's view once per hour by it).
    expect(calls[0]!.params.p_viewer_key).toBe(calls[1]!.params.p_viewer_key);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps syncStatus.active true while it sends', async () => {
    const db = freshSyncDb();
    await view(A1);
    const seen: boolean[] = [];
    const { transport } = scriptedTransport(() => {
      seen.push(syncStatus.getState().active);
      return OK;
    });
    await deliverer(db, transport).deliverNow();
    expect(seen).toEqual([true]);
    expect(syncStatus.getState().active).toBe(false);
  });

  it('without an answer: stays pending, stops the pass, and is retried after a backoff until accepted', async () => {
    const db = freshSyncDb();
    const first = await view(A1);
    await view(A2);
    let online = false;
    const { transport, calls } = scriptedTransport(() => (online ? OK : OFFLINE));
    await deliverer(db, transport).deliverNow();
    // Offline: the later entry is not tried in the same pass.
    expect(calls.map((c) => c.params.p_article_id)).toEqual([A1]);
    expect(await db.outbox.get(first.id)).toMatchObject({ state: 'pending', attempts: 1, error: { code: 'network' } });
    // Retried by the backoff timer (twice while still offline), then delivered once back online.
    await until(() => calls.length >= 3);
    online = true;
    await until(async () => (await db.outbox.count()) === 0);
    expect(calls.filter((c) => c.entry.id === first.id).length).toBeGreaterThanOrEqual(3);
  });

  it.each([[503], [401], [429]])('HTTP %i keeps the entry pending but lets later entries through', async (status) => {
    const db = freshSyncDb();
    const first = await view(A1);
    await view(A2);
    const { transport, calls } = scriptedTransport((c) => (c.params.p_article_id === A1 ? { status, error: { code: '', message: 'busy' } } : OK));
    await deliverer(db, transport, USER, 60_000).deliverNow();
    expect(calls.map((c) => c.params.p_article_id)).toEqual([A1, A2]);
    expect((await db.outbox.toArray()).map((e) => [e.id, e.state])).toEqual([[first.id, 'pending']]);
  });

  it('a refused call is failed in the same attempt, never retried, and does not block later entries', async () => {
    const db = freshSyncDb();
    await view(A1);
    const refused = await view(A2);
    await view(A3);
    const { transport, calls } = scriptedTransport((c) => (c.params.p_article_id === A2 ? NOT_FOUND : OK));
    await deliverer(db, transport).deliverNow();
    expect(calls.map((c) => c.params.p_article_id)).toEqual([A1, A2, A3]);
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ id: refused.id, state: 'failed', attempts: 1, error: { code: 'PT404', message: 'Article not found' } }),
    ]);
    // No backoff pass picks it up again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toHaveLength(3);
  });

  it("sends guests' entries and the signed-in user's, and leaves another user's waiting", async () => {
    const db = freshSyncDb();
    const guest = await view(A1, GUEST);
    const mine = await view(A2, USER);
    const theirs = await view(A3, OTHER);
    const { transport, calls } = scriptedTransport();
    await deliverer(db, transport, USER).deliverNow();
    expect(calls.map((c) => c.entry.id)).toEqual([guest.id, mine.id]);
    expect((await db.outbox.toArray()).map((e) => [e.id, e.state, e.attempts])).toEqual([[theirs.id, 'pending', 0]]);
    // Signed out: guests' entries only.
    const later = await view(A1, GUEST);
    await deliverer(db, transport, null).deliverNow();
    expect(calls.map((c) => c.entry.id).slice(2)).toEqual([later.id]);
  });

  it("an entry whose user has no session here is not sent and not counted as an attempt", async () => {
    const db = freshSyncDb();
    const entry = await view(A1);
    const { transport } = scriptedTransport(() => null);
    await deliverer(db, transport, USER, 60_000).deliverNow();
    expect(await db.outbox.get(entry.id)).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('two deliverers on one device never send the same entry twice', async () => {
    const db = freshSyncDb();
    for (const id of [A1, A2, A3]) await view(id);
    const { transport, calls } = scriptedTransport(() => OK, 30);
    const tabA = deliverer(db, transport);
    const tabB = deliverer(db, transport);
    await Promise.all([tabA.deliverNow(), tabB.deliverNow(), tabA.deliverNow(), tabB.deliverNow()]);
    expect(calls.map((c) => c.params.p_article_id)).toEqual([A1, A2, A3]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('an entry queued while a pass runs is sent by a follow-up pass', async () => {
    const db = freshSyncDb();
    await view(A1);
    let queued: Promise<unknown> | undefined;
    const d = deliverer(db, scriptedTransport(() => {
      queued ??= view(A2).then(() => d.deliverNow());
      return OK;
    }).transport);
    await d.deliverNow();
    await queued;
    expect(await db.outbox.count()).toBe(0);
  });
});
