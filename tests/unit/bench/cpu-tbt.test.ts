import { describe, expect, it } from 'vitest';
import { cpuTbt, type TraceEvent } from '../../bench/cpu-tbt.ts';

const MAIN = { pid: 1, tid: 7 };
const ms = (value: number) => value * 1000;
const fcp: TraceEvent = { name: 'firstContentfulPaint', ph: 'I', ...MAIN, ts: ms(1000) };
const task = (at: number, wall: number, cpu: number, where = MAIN): TraceEvent => ({ name: 'RunTask', ph: 'X', ...where, ts: ms(at), dur: ms(wall), tdur: ms(cpu) });

describe('cpuTbt', () => {
  it('applies the 4× slowdown and the 50 ms threshold to thread time and to wall time', () => {
    // 20 ms of CPU inside 30 ms of wall time: 4×20−50 = 30 on CPU, 4×30−50 = 70 on the wall.
    const result = cpuTbt([fcp, task(1100, 30, 20)]);
    expect(result).toEqual({ cpuTbtMs: 30, wallTbtMs: 70, mainThreadShare: 20 / 30 });
  });

  it('halves the slowdown for a task that runs layout, as Lighthouse does', () => {
    const layout: TraceEvent = { name: 'Layout', ph: 'X', ...MAIN, ts: ms(1105), dur: ms(5) };
    expect(cpuTbt([fcp, task(1100, 40, 40), layout]).cpuTbtMs).toBe(2 * 40 - 50);
  });

  it('counts only main-thread tasks after first paint, and none under the threshold', () => {
    const events = [fcp, task(900, 100, 100), task(1100, 100, 100, { pid: 1, tid: 8 }), task(1200, 12, 12)];
    expect(cpuTbt(events)).toMatchObject({ cpuTbtMs: 0, wallTbtMs: 0 });
  });

  it('refuses a trace without first contentful paint', () => {
    expect(() => cpuTbt([task(1100, 30, 20)])).toThrow('firstContentfulPaint');
  });
});
