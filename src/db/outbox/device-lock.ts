// Callbacks waiting for the lock in this tab, when the browser has no Web Locks API.
const tails = new Map<string, Promise<unknown>>();

/**
 * Runs `fn` while holding the device-wide lock `name`: with the Web Locks API, one tab at a time
 * across every tab of this origin; without it (old browsers, Node), one caller at a time within
 * this tab only. Waiting callers run in turn, in request order.
 */
export function withDeviceLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // The lock is held until the promise fn returns settles (request resolves with its value).
  if (locks && typeof locks.request === 'function') return locks.request(name, fn) as Promise<Awaited<T>> as Promise<T>;
  const run = (tails.get(name) ?? Promise.resolve()).then(fn);
  const tail = run.catch(() => undefined);
  tails.set(name, tail);
  void tail.then(() => {
    if (tails.get(name) === tail) tails.delete(name);
  });
  return run;
}
