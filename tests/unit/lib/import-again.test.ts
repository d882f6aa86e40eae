import { afterEach, expect, it, vi } from 'vitest';
import { importAgain } from '@/lib/import-again.ts';

afterEach(() => {
  vi.useRealTimers();
});

const cutOff = () => new TypeError('Failed to fetch dynamically imported module: /assets/outbox.js');

it('tries a failed import again, 300 then 600 ms later, and gives the module once it loads', async () => {
  vi.useFakeTimers();
  const importer = vi.fn<() => Promise<{ x: number }>>().mockRejectedValueOnce(cutOff()).mockRejectedValueOnce(cutOff()).mockResolvedValue({ x: 42 });
  const loaded = importAgain(importer);
  await vi.advanceTimersByTimeAsync(299);
  expect(importer).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(importer).toHaveBeenCalledTimes(2);
  await vi.advanceTimersByTimeAsync(599);
  expect(importer).toHaveBeenCalledTimes(2);
  await vi.advanceTimersByTimeAsync(1);
  await expect(loaded).resolves.toEqual({ x: 42 });
  expect(importer).toHaveBeenCalledTimes(3);
});

it('gives up after the third try with the last error', async () => {
  vi.useFakeTimers();
  const last = new TypeError('still cut off');
  const importer = vi.fn<() => Promise<unknown>>().mockRejectedValueOnce(cutOff()).mockRejectedValueOnce(cutOff()).mockRejectedValueOnce(last);
  const loaded = importAgain(importer);
  const outcome = expect(loaded).rejects.toBe(last);
  await vi.advanceTimersByTimeAsync(900);
  await outcome;
  expect(importer).toHaveBeenCalledTimes(3);
});

it('does not wait when the first try loads', async () => {
  const importer = vi.fn(async () => 'module');
  await expect(importAgain(importer)).resolves.toBe('module');
  expect(importer).toHaveBeenCalledTimes(1);
});
