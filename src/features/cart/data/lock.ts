/**
 * Runs `task` while no other tab of this origin (and no other call in this tab) runs a task of the
 * same name: the legacy import and the sign-in merge each move lines once, and two tabs starting
 * together would otherwise both move them. Web Locks where the browser has them; without them
 * (older browsers, tests) calls are still serialised within the tab.
 */
const chains = new Map<string, Promise<unknown>>();

export function withDeviceLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const run = (): Promise<T> => (locks ? (locks.request(name, task) as Promise<T>) : task());
  const previous = chains.get(name) ?? Promise.resolve();
  const next = previous.then(run, run);
  chains.set(
    name,
    next.catch(() => undefined),
  );
  return next;
}
