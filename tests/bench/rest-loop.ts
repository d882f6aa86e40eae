import { performance } from 'node:perf_hooks';

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** `concurrency` workers calling `once` back to back for `seconds`; latency percentiles in ms. */
export async function closedLoop(once: () => Promise<void>, concurrency: number, seconds: number): Promise<Measurement> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      try {
        await once();
        latencies.push(performance.now() - start);
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), errors };
}
