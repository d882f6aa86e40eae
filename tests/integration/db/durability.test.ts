/**
 * The durability property: random histories of 2–3 devices of one customer writing devices and
 * cart lines while going offline and online, reloading (also straight after a write, mid-push),
 * losing answers to requests the server applied, and racing each other, against the real stack.
 * After each history every device converges to the server's rows with 0 lost acknowledged writes,
 * 0 duplicates and 0 unconverged documents.
 *
 * DURABILITY_RUNS (default 1000) histories per engine. A failure prints fast-check's seed and
 * path; replay it with DURABILITY_SEED and DURABILITY_PATH.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';
import { DURABLE_COLLECTIONS, lostOrDuplicated, settle } from './support/convergence.ts';
import { newCustomer } from './support/customer.ts';
import { simDevice, type SimDevice } from './support/device.ts';
import { historyArb, runHistory, type History } from './support/history.ts';

const RUNS = Number(process.env.DURABILITY_RUNS ?? 1000);
const replay = {
  ...(process.env.DURABILITY_SEED ? { seed: Number(process.env.DURABILITY_SEED) } : {}),
  ...(process.env.DURABILITY_PATH ? { path: process.env.DURABILITY_PATH } : {}),
};

describeEngines('durability: random histories of one customer on 2–3 devices', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await startTestStack({ engine });
  });
  afterAll(async () => {
    await t.close();
  });

  async function check(history: History): Promise<void> {
    const userId = await newCustomer(t);
    const devices: SimDevice[] = [];
    try {
      devices.push(...(await Promise.all(Array.from({ length: history.devices }, () => simDevice(t, { userId, collections: DURABLE_COLLECTIONS })))));
      const log = await runHistory(devices, userId, history);
      const divergences = [...(await settle(t, userId, devices)), ...(await lostOrDuplicated(t, userId, devices, log))];
      if (divergences.length > 0) {
        throw new Error(`customer ${userId}\n${divergences.join('\n')}\ntrace:\n${log.trace.join('\n')}`);
      }
    } finally {
      // RxDB allows 13 open collections per process: every history closes its devices.
      for (const device of devices) await device.close();
    }
  }

  // Histories the property found once, kept as regressions.
  const found: History[] = [
    // The insert reached the server, its answer was lost; the repeat must not add the line twice.
    { devices: 2, commands: [{ kind: 'sync', dev: 0 }, { kind: 'loseAnswer', dev: 0 }, { kind: 'addCart', dev: 0, line: '1', add: 1 }] },
    // The same, then an edit on the device before the insert is sent again: the edit is kept.
    { devices: 2, commands: [{ kind: 'sync', dev: 0 }, { kind: 'loseAnswer', dev: 0 }, { kind: 'addCart', dev: 0, line: '2', add: 1 }, { kind: 'wait', ms: 100 }, { kind: 'offline', dev: 0 }, { kind: 'addCart', dev: 0, line: '2', add: 2 }, { kind: 'online', dev: 0 }] },
    { devices: 2, commands: [{ kind: 'sync', dev: 0 }, { kind: 'loseAnswer', dev: 0 }, { kind: 'insertDevice', dev: 0 }, { kind: 'wait', ms: 100 }, { kind: 'offline', dev: 0 }, { kind: 'renameDevice', dev: 0, pick: 0 }, { kind: 'online', dev: 0 }] },
    // A reload while two inserts were in flight, then an edit (as the property found it).
    { devices: 2, commands: [{ kind: 'addCart', dev: 0, line: '1:Color=Black', add: 1 }, { kind: 'addCart', dev: 1, line: '1', add: 1 }, { kind: 'addCart', dev: 0, line: '1', add: 1 }, { kind: 'reload', dev: 0 }, { kind: 'addCart', dev: 0, line: '1:Color=Black', add: 1 }, { kind: 'insertDevice', dev: 0 }] },
  ];

  it('found histories still converge', async () => {
    const failures: string[] = [];
    for (const [i, history] of found.entries()) await check(history).catch((error: Error) => failures.push(`found[${i}]: ${error.message}`));
    expect(failures).toEqual([]);
  });

  it(`${RUNS} histories converge with nothing lost or duplicated`, async () => {
    const started = performance.now();
    let ran = 0;
    await fc.assert(
      fc.asyncProperty(historyArb, async (history) => {
        ran += 1;
        await check(history);
      }),
      { numRuns: RUNS, ...replay },
    );
    const seconds = (performance.now() - started) / 1000;
    console.info(`[durability ${engine}] ${ran} histories in ${seconds.toFixed(1)} s (${((seconds * 1000) / ran).toFixed(0)} ms each)`);
    expect(ran).toBeGreaterThanOrEqual(RUNS);
  }, 3_600_000);
});
