import { afterEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { enqueueEntry } from '@/db/outbox/enqueue.ts';
import { callFor } from '@/db/outbox/kinds.ts';
import { outcomeOf } from '@/db/outbox/outcome.ts';
import { GUEST, setSyncDb } from '@/db/sync/sync-db.ts';
import { subscribe } from '@/features/landing/data/newsletter.ts';
import { freshSyncDb } from './outbox-support.ts';

const ARTICLE = '7b0c6a5e-1f3d-4c59-9a53-2f1c1f0f6a10';
const USER = '0d6f5a3c-9b1e-4e55-8d0c-54b1d1b6e2aa';

afterEach(() => setSyncDb(undefined));

describe('enqueue', () => {
  it('stores a pending entry whose id is a fresh UUID (the idempotency key)', async () => {
    const db = freshSyncDb();
    const a = await enqueueEntry('kb_view', { articleId: ARTICLE }, { userId: USER, label: 'View' });
    const b = await enqueueEntry('kb_view', { articleId: ARTICLE }, { userId: USER, label: 'View' });
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(b.id).not.toBe(a.id);
    // Queued in one millisecond or not, the order of the calls is kept.
    expect(b.createdAt).toBeGreaterThan(a.createdAt);
    expect(await db.outbox.get(a.id)).toEqual({
      id: a.id, userId: USER, kind: 'kb_view', args: { articleId: ARTICLE }, label: 'View', createdAt: a.createdAt, state: 'pending', attempts: 0,
    });
  });

  it('refuses invalid arguments and stores nothing', async () => {
    const db = freshSyncDb();
    await expect(enqueueEntry('kb_view', { articleId: 'not-a-uuid' }, { userId: USER, label: 'x' })).rejects.toBeInstanceOf(v.ValiError);
    await expect(
      enqueueEntry('newsletter', { email: 'nope', name: null, source: 'footer' }, { userId: GUEST, label: 'x' }),
    ).rejects.toBeInstanceOf(v.ValiError);
    await expect(
      // @ts-expect-error 'notify-me' is the form's name; the server knows it as 'landing'
      enqueueEntry('newsletter', { email: 'a@b.co', name: null, source: 'notify-me' }, { userId: GUEST, label: 'x' }),
    ).rejects.toBeInstanceOf(v.ValiError);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a kind a guest may not make (the helpful vote needs an account)', async () => {
    const db = freshSyncDb();
    await expect(enqueueEntry('kb_vote', { articleId: ARTICLE }, { userId: GUEST, label: 'Vote' })).rejects.toThrow(/Sign in/);
    await expect(enqueueEntry('kb_vote', { articleId: ARTICLE }, { userId: USER, label: 'Vote' })).resolves.toBeTruthy();
    expect(await db.outbox.count()).toBe(1);
  });

  it('maps each kind to its server function and parameters', () => {
    // A view carries this browser's viewer key (made once, kept): the server counts a reader once an hour.
    const view = callFor('kb_view', { articleId: ARTICLE }) as { rpc: string; params: { p_viewer_key: string } };
    expect(view).toEqual({ rpc: 'kb_record_view', params: { p_article_id: ARTICLE, p_viewer_key: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    expect(callFor('kb_view', { articleId: ARTICLE })).toEqual(view);
    expect(callFor('kb_vote', { articleId: ARTICLE })).toEqual({ rpc: 'kb_vote_helpful', params: { p_article_id: ARTICLE } });
    expect(callFor('newsletter', { email: ' Ann@Example.COM ', name: ' Ann ', source: 'landing' })).toEqual({
      rpc: 'subscribe_newsletter',
      params: { p_email: 'ann@example.com', p_name: 'Ann', p_source: 'landing' },
    });
    expect(callFor('kb_view', { articleId: 1 })).toHaveProperty('invalid');
    expect(callFor('drop_tables', {})).toEqual({ invalid: 'Unknown kind of write: drop_tables' });
  });
});

describe('subscribe() queues the subscription', () => {
  it('as a guest newsletter entry, notify-me as the landing source, and keeps its answer', async () => {
    const db = freshSyncDb();
    await expect(subscribe(' Ann@Example.COM ', { name: 'Ann', source: 'notify-me' })).resolves.toEqual({
      email: 'ann@example.com', name: 'Ann', source: 'notify-me',
    });
    await subscribe('bob@example.com');
    const entries = await db.outbox.orderBy('createdAt').toArray();
    expect(entries.map((e) => [e.userId, e.kind, e.args, e.state])).toEqual([
      [GUEST, 'newsletter', { email: 'ann@example.com', name: 'Ann', source: 'landing' }, 'pending'],
      [GUEST, 'newsletter', { email: 'bob@example.com', name: null, source: 'footer' }, 'pending'],
    ]);
    await expect(subscribe('nope')).rejects.toThrow();
    expect(await db.outbox.count()).toBe(2);
  });
});

describe('the delivery rule', () => {
  it.each([
    [0, 'retry'], [500, 'retry'], [503, 'retry'], [401, 'retry'], [408, 'retry'], [429, 'retry'],
    [400, 'refused'], [403, 'refused'], [404, 'refused'], [409, 'refused'], [422, 'refused'],
  ])('HTTP %i → %s', (status, kind) => {
    expect(outcomeOf({ status, error: { code: 'X', message: 'm' } }).kind).toBe(kind);
  });

  it('2xx without an error is delivered', () => {
    expect(outcomeOf({ status: 200, error: null })).toEqual({ kind: 'delivered' });
    expect(outcomeOf({ status: 204, error: null })).toEqual({ kind: 'delivered' });
  });
});
