/**
 * Property test of /realtime/v1/websocket against hostile input, over both serializers: garbage
 * text, wrong shapes and types, unknown events and topics, binary frames (random, kind 3 valid and
 * lying), frames over 1 MiB, deep JSON, random join configs and tokens, join storms, heartbeats in
 * between. Properties: the process survives with no unhandled rejection, every server frame is one
 * supabase-js can decode (and every 'ok' join reply keeps supabase-js's binding rule), and after
 * each batch a well-behaved supabase-js client on a new connection still gets a change within 1 s.
 *
 * Reproduce a failure with the seed fast-check prints: FUZZ_SEED=<seed> npx vitest run --project integration tests/integration/realtime/fuzz.test.ts
 */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';
import { USER_A, RT_FIXTURE } from './fixture.ts';
import { actionArb, connectArb, type Tokens } from './fuzz-arbitraries.ts';
import { newStats, playScript, type Run } from './fuzz-runner.ts';
import { liveDelivery } from './live-check.ts';

const BATCHES = Number(process.env.FUZZ_BATCHES ?? 10);
const RUNS_PER_BATCH = Number(process.env.FUZZ_RUNS ?? 11);
const MIN_FRAMES = 2000;
/** Wall-clock budget per engine; batches stop starting after it. */
const BUDGET_MS = 55_000;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const b64url = (s: string | Buffer) => Buffer.from(s).toString('base64url');
/** An HS256 token signed with a secret the stack does not know. */
function foreignToken(sub: string): string {
  const body = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify({ sub, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 }))}`;
  return `${body}.${b64url(createHmac('sha256', 'not-the-stack-secret-not-the-stack-secret').update(body).digest())}`;
}

describeEngines('/realtime/v1 under random frames', (engine) => {
  let t: TestStack | undefined;
  const crashes: unknown[] = [];
  const onCrash = (reason: unknown) => crashes.push(reason);
  beforeAll(async () => {
    process.on('unhandledRejection', onCrash);
    process.on('uncaughtException', onCrash);
    // Random frames join as fast as the fuzzer sends them, from one address: the quotas are the
    // subject of quotas.test.ts; here every frame must reach the protocol handling.
    const realtime = { max_joins_per_second: 100_000, max_joins_per_second_per_ip: 100_000, max_events_per_second: 100_000, max_events_per_second_per_ip: 100_000, max_presence_events_per_second: 100_000, max_presence_events_per_second_per_ip: 100_000, max_postgres_changes_per_channel: 1000 };
    t = await startTestStack({ engine, bare: true, fixtureSql: RT_FIXTURE, configOverrides: { realtime } });
  });
  afterAll(async () => {
    process.off('unhandledRejection', onCrash);
    process.off('uncaughtException', onCrash);
    await t?.close();
  });

  it(`survives ≥ ${MIN_FRAMES} hostile frames and keeps delivering to a good client`, async () => {
    const stack = t as TestStack;
    const now = Math.floor(Date.now() / 1000);
    const user = await stack.userToken(USER_A);
    const tokens: Tokens = {
      anonKey: stack.anonKey,
      serviceRoleKey: stack.serviceRoleKey,
      user,
      expired: await stack.userToken(USER_A, { iat: now - 7200, exp: now - 3600 }),
      foreign: foreignToken(USER_A),
    };
    const run: Run = {
      url: stack.url,
      tokens,
      apikeys: { anon: stack.anonKey, service: stack.serviceRoleKey, junk: 'not-a-key', 'user-token-as-apikey': user },
    };
    // The server must work before we start, or every later failure means nothing.
    await liveDelivery(stack, USER_A, 'rt_fuzz', 1000);

    const stats = newStats();
    const latencies: number[] = [];
    const started = performance.now();
    for (let batch = 0; batch < BATCHES; batch++) {
      const left = BUDGET_MS - (performance.now() - started);
      if (left <= 0) break;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('1.0.0' as const, '2.0.0' as const),
          connectArb,
          fc.array(actionArb(tokens), { minLength: 10, maxLength: 40 }),
          async (vsn, as, actions) => {
            const t0 = performance.now();
            const problems = await playScript(run, vsn, as, actions, stats);
            if (process.env.FUZZ_DEBUG) console.info(`run ${(performance.now() - t0).toFixed(0)} ms: ${actions.map((a) => a.kind).join(' ')}`);
            expect(problems, `vsn ${vsn}, connected as ${as}`).toEqual([]);
            expect(crashes).toEqual([]);
          },
        ),
        { numRuns: RUNS_PER_BATCH, interruptAfterTimeLimit: left, ...(SEED !== undefined ? { seed: SEED + batch } : {}) },
      );
      const live = await liveDelivery(stack, USER_A, 'rt_fuzz', 1000);
      latencies.push(Math.round(live.latency));
      expect(crashes).toEqual([]);
    }
    console.info(`[realtime fuzz ${engine}] ${stats.frames} frames over ${stats.connections} connections ` +
      `(${stats.refusals} refused upgrades, ${stats.okJoins} ok joins checked) in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
      `close codes ${JSON.stringify(stats.closes)}; notes ${JSON.stringify(stats.notes)}; good-client latencies ms ${latencies.join(',')}`);
    expect(stats.frames).toBeGreaterThanOrEqual(MIN_FRAMES);
  }, 150_000);
});
