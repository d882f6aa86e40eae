import { afterEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { OutboxDeliverer } from '@/db/outbox/deliverer.ts';
import { enqueueEntry } from '@/db/outbox/enqueue.ts';
import { createRpcTransport, sessionTokenFor } from '@/db/outbox/transport.ts';
import { setSyncDb } from '@/db/sync/sync-db.ts';
import { freshSyncDb, until } from './outbox-support.ts';

const USER = '0d6f5a3c-9b1e-4e55-8d0c-54b1d1b6e2ab';
const ARTICLE = '7b0c6a5e-1f3d-4c59-9a53-2f1c1f0f6a11';

let deliverer: OutboxDeliverer | undefined;
afterEach(() => {
  deliverer?.stop();
  setSyncDb(undefined);
});

/**
 * A supabase-js client whose getSession hangs the first time (a refresh that never answers on
 * poor signal) and answers with the user's session afterwards; its rpc always succeeds.
 */
function clientWithHungSession() {
  let sessions = 0;
  const rpcs: string[] = [];
  const session = { access_token: 'token-a1', user: { id: USER } };
  const builder = { setHeader: () => builder, abortSignal: () => builder, then: (resolve: (answer: unknown) => void) => resolve({ status: 204, error: null }) };
  const client = {
    auth: { getSession: () => (++sessions === 1 ? new Promise(() => {}) : Promise.resolve({ data: { session }, error: null })) },
    rpc: (name: string) => {
      rpcs.push(name);
      return builder;
    },
  } as unknown as Pick<SupabaseClient, 'rpc' | 'auth'>;
  return { client, rpcs };
}

describe('outbox transport deadlines', () => {
  it("a getSession that never answers fails at the deadline, and the entry is delivered on the deliverer's next try", async () => {
    const db = freshSyncDb();
    const { client, rpcs } = clientWithHungSession();
    const transport = createRpcTransport({ client: async () => client, anonKey: 'anon', tokenFor: (c, userId) => sessionTokenFor(c, userId, 100), timeoutMs: 100 });
    deliverer = new OutboxDeliverer({ db, transport, getUserId: () => USER, backoff: { firstMs: 20, maxMs: 80 } });
    await enqueueEntry('kb_view', { articleId: ARTICLE }, { userId: USER, label: 'View' });
    await deliverer.deliverNow();
    // The first pass ended (it did not wait on the session for ever) with the entry still queued.
    expect(await db.outbox.toArray()).toMatchObject([{ state: 'pending', attempts: 1, error: { code: 'network' } }]);
    await until(async () => (await db.outbox.count()) === 0);
    expect(rpcs).toEqual(['kb_record_view']);
  });
});
