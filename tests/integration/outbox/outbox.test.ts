/**
 * The device outbox against the real stack: entries queued on a device (Dexie over
 * fake-indexeddb) reach the real RPCs through supabase-js, and each applies exactly once, also
 * when the connection drops after the server applied a call and before its answer arrived.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { OutboxDeliverer } from '@/db/outbox/deliverer.ts';
import { enqueueEntry } from '@/db/outbox/enqueue.ts';
import { createRpcTransport } from '@/db/outbox/transport.ts';
import { GUEST, SyncDatabase, setSyncDb, type OutboxEntry } from '@/db/sync/sync-db.ts';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';

const ARTICLE = '30000000-0000-4000-8000-000000000001';
const MORGAN = '00000000-0000-4000-8000-000000000011';

/** The device's link: up, down (nothing is sent), or cut after the server answered. */
type Link = 'up' | 'down' | 'answer-lost';

describeEngines('device outbox', (engine) => {
  let t: TestStack;
  let service: SupabaseClient;
  let link: Link;
  let sent: string[];
  let db: SyncDatabase;
  let deliverer: OutboxDeliverer;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestStack({ engine });
    service = t.client({ serviceRole: true });
    tokens.set(MORGAN, await t.userToken(MORGAN));
  });
  afterAll(() => t?.close());

  beforeEach(async () => {
    // Each test is a new device that has viewed nothing this hour (a view counts once an hour per
    // viewer; Node has no localStorage for a device key, so the server goes by address).
    await t.db.query('delete from private.kb_view_marks');
    link = 'up';
    sent = [];
    db = new SyncDatabase(`garage-sync-${crypto.randomUUID()}`);
    setSyncDb(db);
    const linkFetch: typeof fetch = async (input, init) => {
      if (link === 'down') throw new TypeError('fetch failed');
      const response = await fetch(input, init);
      sent.push(`${response.status} ${String(input).replace(t.url, '')}`);
      if (link === 'answer-lost') {
        await response.text();
        throw new TypeError('network connection lost');
      }
      return response;
    };
    const device = createClient(t.url, t.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      global: { fetch: linkFetch },
    });
    const transport = createRpcTransport({ client: async () => device, anonKey: t.anonKey, tokenFor: async (_c, id) => tokens.get(id) ?? null });
    // A backoff longer than any test: each pass here is started by the test.
    deliverer = new OutboxDeliverer({ db, transport, getUserId: () => MORGAN, backoff: { firstMs: 600_000, maxMs: 600_000 } });
  });
  afterEach(async () => {
    deliverer.stop();
    setSyncDb(undefined);
    await db.delete();
  });

  const views = async () => (await service.from('kb_articles').select('view_count').eq('id', ARTICLE).single()).data!.view_count as number;
  const stored = (entry: OutboxEntry) => db.outbox.get(entry.id);

  it('offline, then an answer lost after the server applied it, then online: the view counts once', async () => {
    const before = await views();
    const entry = await enqueueEntry('kb_view', { articleId: ARTICLE }, { userId: GUEST, label: 'View' });

    link = 'down';
    await deliverer.deliverNow();
    expect(await stored(entry)).toMatchObject({ state: 'pending', attempts: 1, error: { code: 'network' } });
    expect(await views()).toBe(before);

    link = 'answer-lost';
    await deliverer.deliverNow();
    expect(sent).toEqual(['200 /rest/v1/rpc/kb_record_view']);
    expect(await stored(entry)).toMatchObject({ state: 'pending', attempts: 2 });
    expect(await views()).toBe(before + 1);

    link = 'up';
    await deliverer.deliverNow();
    expect(await stored(entry)).toBeUndefined();
    // The replay was answered with the first call's result and counted nothing.
    expect(sent).toEqual(['200 /rest/v1/rpc/kb_record_view', '200 /rest/v1/rpc/kb_record_view']);
    expect(await views()).toBe(before + 1);
  });

  it('a newsletter subscription queued offline is stored once, whatever the replays', async () => {
    const email = `outbox-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const entry = await enqueueEntry('newsletter', { email: ` ${email.toUpperCase()} `, name: 'Ann', source: 'landing' }, { userId: GUEST, label: 'Newsletter' });
    link = 'answer-lost';
    await deliverer.deliverNow();
    await deliverer.deliverNow();
    link = 'up';
    await deliverer.deliverNow();
    expect(await stored(entry)).toBeUndefined();
    expect(sent).toHaveLength(3);
    const { data } = await service.from('newsletter_subscriptions').select('email, name, source').eq('email', email);
    expect(data).toEqual([{ email, name: 'Ann', source: 'landing' }]);
  });

  it("a user's helpful vote is sent with that user's own token and counts once", async () => {
    const votes = async () => (await service.from('kb_helpful_votes').select('user_id').eq('article_id', ARTICLE).eq('user_id', MORGAN)).data!.length;
    const helpful = async () => (await service.from('kb_articles').select('helpful_votes').eq('id', ARTICLE).single()).data!.helpful_votes as number;
    await service.from('kb_helpful_votes').delete().eq('article_id', ARTICLE).eq('user_id', MORGAN);
    const before = await helpful();
    const entry = await enqueueEntry('kb_vote', { articleId: ARTICLE }, { userId: MORGAN, label: 'Helpful' });
    link = 'answer-lost';
    await deliverer.deliverNow();
    link = 'up';
    await deliverer.deliverNow();
    expect(await stored(entry)).toBeUndefined();
    expect(await votes()).toBe(1);
    expect(await helpful()).toBe(before + 1);
  });

  it('a refused call (article not found) is set aside with its error and the next entry is delivered', async () => {
    const before = await views();
    const missing = await enqueueEntry('kb_view', { articleId: crypto.randomUUID() }, { userId: GUEST, label: 'View of a removed article' });
    const next = await enqueueEntry('kb_view', { articleId: ARTICLE }, { userId: GUEST, label: 'View' });
    await deliverer.deliverNow();
    expect(await stored(missing)).toMatchObject({ state: 'failed', attempts: 1, error: { code: 'PT404', message: 'Article not found' } });
    expect(await stored(next)).toBeUndefined();
    expect(await views()).toBe(before + 1);
    // Not retried by later passes.
    await deliverer.deliverNow();
    expect(sent).toEqual(['404 /rest/v1/rpc/kb_record_view', '200 /rest/v1/rpc/kb_record_view']);
  });

  it('a key the server recorded for another call is refused for good (22023)', async () => {
    const first = await enqueueEntry('kb_view', { articleId: ARTICLE }, { userId: GUEST, label: 'View' });
    await deliverer.deliverNow();
    // Another entry carrying the same key (which a device never makes: the server still says no).
    await db.outbox.add({ ...first, kind: 'newsletter', args: { email: 'reuse@example.com', name: null, source: 'footer' }, attempts: 0 });
    await deliverer.deliverNow();
    expect(await db.outbox.get(first.id)).toMatchObject({ state: 'failed', error: { code: '22023', message: 'Idempotency key already used' } });
  });

  it("another user's entry waits, untouched, while this session is not theirs", async () => {
    const other = await enqueueEntry('kb_view', { articleId: ARTICLE }, { userId: crypto.randomUUID(), label: 'View' });
    await deliverer.deliverNow();
    expect(sent).toEqual([]);
    expect(await stored(other)).toMatchObject({ state: 'pending', attempts: 0 });
  });
});
