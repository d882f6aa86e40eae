/**
 * Gives the measured page's main thread a CPU of its own (Linux, `taskset` from util-linux).
 *
 * Lighthouse multiplies the wall-clock length of main-thread tasks by 4. On a 2-core machine the
 * renderer's main thread shares the cores with Chrome's other processes and threads (the browser,
 * the compositor, V8's background compilers), the preview server and Lighthouse itself, and
 * spends more than half of its long tasks descheduled (see cpu-tbt.ts): that waiting is then
 * multiplied too. Here, every renderer's main thread (its thread id is the process id) runs on the
 * last CPU, and every other thread of this process tree on the remaining ones. The page does the
 * same work; it no longer waits for the machinery measuring it.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return ''; // the process or thread has exited
  }
};

/** A process and every process below it (children, their children…). */
export function descendantsOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    // Field 4 of /proc/<pid>/stat, after the parenthesised command name, is the parent's pid.
    const parent = Number(read(`/proc/${entry}/stat`).split(') ')[1]?.split(' ')[1]);
    if (!Number.isFinite(parent)) continue;
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const all = [root];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i] ?? -1) ?? []));
  return all;
}

const threadsOf = (pid: number) => {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [];
  }
};

/** Starts placing threads every 10 ms; returns the function that stops it. */
export function dedicateCoreToMainThread(root = process.pid): () => void {
  const cpus = availableParallelism();
  if (cpus < 2) throw new Error('--dedicated-core needs at least two CPUs');
  const mainCpu = String(cpus - 1);
  const otherCpus = cpus === 2 ? '0' : `0-${cpus - 2}`;
  const placed = new Map<number, string>();
  const place = () => {
    for (const pid of descendantsOf(root)) {
      const renderer = read(`/proc/${pid}/cmdline`).includes('--type=renderer');
      for (const tid of threadsOf(pid)) {
        const cpuList = renderer && tid === pid ? mainCpu : otherCpus;
        if (placed.get(tid) === cpuList) continue;
        try {
          execFileSync('taskset', ['-p', '-c', cpuList, String(tid)], { stdio: 'ignore' });
          placed.set(tid, cpuList);
        } catch {
          // The thread ended between listing and placing it.
        }
      }
    }
  };
  place();
  const timer = setInterval(place, 10);
  return () => clearInterval(timer);
}

/**
 * Runs these processes, every thread of each, on the given CPUs (a `taskset` list such as `0` or
 * `0-2`); threads and children they start later inherit it.
 */
export function pinProcesses(pids: number[], cpuList: string): void {
  for (const pid of pids) {
    try {
      execFileSync('taskset', ['-a', '-p', '-c', cpuList, String(pid)], { stdio: 'ignore' });
    } catch {
      // The process ended between listing and placing it.
    }
  }
}
