/**
 * Total Blocking Time recomputed from the main thread's CPU time, from the trace Lighthouse records.
 *
 * Lighthouse (simulated throttling) multiplies the wall-clock length of each main-thread task by
 * the CPU slowdown (4×, or 2× for tasks that run layout) and counts what exceeds 50 ms. On a
 * machine where the browser's other threads, the page's server and Lighthouse itself share two
 * cores, the main thread is often descheduled inside a task, and that waiting is multiplied too.
 * The same rule applied to each task's thread time (`tdur`) measures the page's own work; the
 * share of wall time the thread actually ran shows how much the machine took away.
 */

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

export interface CpuTbt {
  /** The TBT rule over thread (CPU) time of the tasks after first contentful paint, in ms. */
  cpuTbtMs: number;
  /** The same rule over wall time, the way Lighthouse's trace sees the tasks (before simulation). */
  wallTbtMs: number;
  /** Thread time ÷ wall time over the tasks of 10 ms or more after FCP (1 = never descheduled). */
  mainThreadShare: number;
}

const CPU_SLOWDOWN = 4;
// Lantern's default: a task that performs layout is multiplied by half the CPU slowdown.
const LAYOUT_SLOWDOWN = CPU_SLOWDOWN * 0.5;
const BLOCKING_MS = 50;
const LONG_TASK_MS = 10;

export function cpuTbt(events: readonly TraceEvent[]): CpuTbt {
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('The trace has no firstContentfulPaint event');
  const main = events.filter((event) => event.pid === fcp.pid && event.tid === fcp.tid && event.ph === 'X');
  const tasks = main.filter((event) => event.name === 'RunTask' && event.ts >= fcp.ts && event.dur !== undefined && event.tdur !== undefined);
  const layouts = main.filter((event) => event.name === 'Layout');
  let cpuTbtMs = 0;
  let wallTbtMs = 0;
  let longWall = 0;
  let longCpu = 0;
  for (const task of tasks) {
    const wall = (task.dur ?? 0) / 1000;
    const cpu = (task.tdur ?? 0) / 1000;
    const end = task.ts + (task.dur ?? 0);
    const slowdown = layouts.some((layout) => layout.ts >= task.ts && layout.ts < end) ? LAYOUT_SLOWDOWN : CPU_SLOWDOWN;
    cpuTbtMs += Math.max(0, cpu * slowdown - BLOCKING_MS);
    wallTbtMs += Math.max(0, wall * slowdown - BLOCKING_MS);
    if (wall >= LONG_TASK_MS) {
      longWall += wall;
      longCpu += cpu;
    }
  }
  return { cpuTbtMs: Math.round(cpuTbtMs), wallTbtMs: Math.round(wallTbtMs), mainThreadShare: longWall ? longCpu / longWall : 1 };
}
