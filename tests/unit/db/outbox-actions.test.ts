import { afterEach, describe, expect, it } from 'vitest';
import { enqueue, startOutbox, stopOutbox } from '@/db/outbox/index.ts';
import { syncActions } from '@/db/sync/controller.ts';
import { syncStatus } from '@/db/sync/status.ts';
import { setSyncDb } from '@/db/sync/sync-db.ts';
import { freshSyncDb, NOT_FOUND, OFFLINE, OK, scriptedTransport, until } from './outbox-support.ts';

const A1 = '7b0c6a5e-1f3d-4c59-9a53-2f1c1f0f6a10';
const USER = '0d6f5a3c-9b1e-4e55-8d0c-54b1d1b6e2aa';

afterEach(() => {
  stopOutbox();
  setSyncDb(undefined);
});

describe('the running outbox', () => {
  it('sends what was left queued when it starts, and an enqueued call at once', async () => {
    const db = freshSyncDb();
    const left = await enqueue('kb_view', { articleId: A1 }, { userId: USER, label: 'View' });
    const { transport, calls } = scriptedTransport();
    startOutbox({ getUserId: () => USER, transport });
    await until(() => calls.length === 1);
    const fresh = await enqueue('kb_vote', { articleId: A1 }, { userId: USER, label: 'Vote' });
    await until(() => calls.length === 2);
    expect(calls.map((c) => c.entry.id)).toEqual([left.id, fresh.id]);
    await until(async () => (await db.outbox.count()) === 0);
  });

  it('retryOutbox puts a failed entry back and sends it; discardOutbox deletes it', async () => {
    const db = freshSyncDb();
    let answer = NOT_FOUND;
    const { transport, calls } = scriptedTransport(() => answer);
    startOutbox({ getUserId: () => USER, transport });
    const entry = await enqueue('kb_view', { articleId: A1 }, { userId: USER, label: 'View' });
    await until(async () => (await db.outbox.get(entry.id))?.state === 'failed');
    answer = OK;
    await syncActions.retryOutbox((await db.outbox.get(entry.id))!);
    expect(await db.outbox.get(entry.id)).toBeUndefined();
    expect(calls).toHaveLength(2);

    answer = NOT_FOUND;
    const other = await enqueue('kb_view', { articleId: A1 }, { userId: USER, label: 'View' });
    await until(async () => (await db.outbox.get(other.id))?.state === 'failed');
    await syncActions.discardOutbox((await db.outbox.get(other.id))!);
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends at once on `online` and on syncNow, without waiting for the backoff', async () => {
    const db = freshSyncDb();
    let answer = OFFLINE;
    const { transport } = scriptedTransport(() => answer);
    startOutbox({ getUserId: () => USER, transport });
    await enqueue('kb_view', { articleId: A1 }, { userId: USER, label: 'View' });
    await until(() => syncStatus.getState().lastError !== null);
    expect(syncStatus.getState().lastError).toMatch(/fetch failed/);
    // The first backoff is a second; both of these answer well before it.
    answer = OK;
    window.dispatchEvent(new Event('online'));
    await until(async () => (await db.outbox.count()) === 0, 500);
    expect(syncStatus.getState().lastError).toBeNull();

    answer = OFFLINE;
    await enqueue('kb_view', { articleId: A1 }, { userId: USER, label: 'View' });
    await until(async () => ((await db.outbox.toArray())[0]?.attempts ?? 0) >= 1);
    answer = OK;
    await syncActions.syncNow();
    expect(await db.outbox.count()).toBe(0);
  });

  it('stopOutbox unregisters the actions and stops sending', async () => {
    const db = freshSyncDb();
    const { transport, calls } = scriptedTransport(() => NOT_FOUND);
    startOutbox({ getUserId: () => USER, transport });
    stopOutbox();
    const entry = await enqueue('kb_view', { articleId: A1 }, { userId: USER, label: 'View' });
    await syncActions.syncNow();
    await syncActions.discardOutbox(entry);
    expect(calls).toHaveLength(0);
    expect(await db.outbox.count()).toBe(1);
  });
});
