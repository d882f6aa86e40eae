/**
 * The settings screen's TanStack Query options (src/features/auth/data/mfa-queries.ts) with the
 * app's query client, against the real local stack through the app's supabase-js client: the
 * factor list as GoTrue returns it, and a removal that refreshes that list before it resolves.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { MutationObserver, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';
import type { SupabaseClient } from '@/lib/load-supabase.ts';

// supabase-js's realtime client needs a WebSocket; Node 20 has none.
globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;

describeEngines('settings query options on the local stack', (engine) => {
  let t: TestStack;
  let supabase: SupabaseClient;
  let client: QueryClient;
  let mfa: typeof import('@/features/auth/data/mfa.ts');
  let queries: typeof import('@/features/auth/data/mfa-queries.ts');

  beforeAll(async () => {
    t = await startTestStack({ engine });
    vi.stubEnv('VITE_SUPABASE_URL', t.url);
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', t.anonKey);
    // src/lib/supabase.ts reads the env once, at import: a fresh module graph per engine.
    vi.resetModules();
    supabase = await (await import('@/lib/load-supabase.ts')).loadSupabase();
    mfa = await import('@/features/auth/data/mfa.ts');
    queries = await import('@/features/auth/data/mfa-queries.ts');
    client = (await import('@/lib/query/client.ts')).createQueryClient();
    const { signInWithPassword } = await import('@/features/auth/data/session.ts');
    expect(await signInWithPassword('customer@example.com', 'garage-demo-2026')).toMatchObject({ error: null });
  });
  afterAll(async () => {
    client?.clear();
    await supabase?.auth.signOut({ scope: 'local' });
    supabase?.auth.stopAutoRefresh();
    vi.unstubAllEnvs();
    await t?.close();
  });

  it('lists the TOTP factors; a removal refetches the open list before it resolves', async () => {
    const list = new QueryObserver(client, queries.totpFactorsQuery);
    const unsubscribe = list.subscribe(() => {});
    try {
      await vi.waitFor(() => expect(list.getCurrentResult().status).toBe('success'));
      const before = list.getCurrentResult().data ?? [];

      // A set-up started elsewhere (another tab): the open list is fresh for 5 minutes and does
      // not show it by itself.
      const pending = await mfa.enrollTotp('Authenticator app');
      await client.refetchQueries({ queryKey: queries.totpFactorsQuery.queryKey });
      expect(list.getCurrentResult().data?.map((f) => [f.id, f.status])).toEqual([...before.map((f) => [f.id, f.status]), [pending.factorId, 'unverified']]);

      const removal = new MutationObserver(client, queries.removeTotpFactorMutation);
      await removal.mutate(pending.factorId);
      expect(list.getCurrentResult().data?.map((f) => f.id)).toEqual(before.map((f) => f.id));
      expect((await mfa.listTotpFactors()).map((f) => f.id)).toEqual(before.map((f) => f.id));
    } finally {
      unsubscribe();
    }
  });

  it('a removal GoTrue refuses rejects once (no retry) with its message, and the list is refetched', async () => {
    const list = new QueryObserver(client, queries.totpFactorsQuery);
    const unsubscribe = list.subscribe(() => {});
    try {
      await vi.waitFor(() => expect(list.getCurrentResult().status).toBe('success'));
      const fetchedAt = list.getCurrentResult().dataUpdatedAt;
      const removal = new MutationObserver(client, queries.removeTotpFactorMutation);
      const error = await removal.mutate('00000000-0000-4000-8000-00000000beef').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(mfa.MfaError);
      expect(removal.getCurrentResult().failureCount).toBe(1);
      expect(list.getCurrentResult().dataUpdatedAt).toBeGreaterThan(fetchedAt);
    } finally {
      unsubscribe();
    }
  });
});
