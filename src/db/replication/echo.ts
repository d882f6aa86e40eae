import type { CollectionSpec } from '../collections/index.ts';
import type { CollectionReplication } from './replicate.ts';
import type { RestClient } from './rest.ts';
import { emitFromServer } from './emit.ts';

const DELAY_MS = 50;
const CHUNK = 100;
const RETRY_MS = 500;
const MAX_RETRIES = 60;

/**
 * Reads back what was just pushed and hands it to the replication as a server change. A pull (or
 * a Realtime event) that arrives while a push of the same document is in flight is not applied
 * (the document has unpushed changes then), and its checkpoint moves past the row; the push then
 * records this device's own copy as the server's. Without this read the server's own values (its
 * timestamps, anything a trigger set) would not reach the device until the row changed again.
 */
export function echoPushed(spec: CollectionSpec<{ id: string }>, replication: CollectionReplication, rest: RestClient): () => void {
  const waiting = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  let retries = 0;
  const retryLater = (ids: string[]) => {
    if (retries >= MAX_RETRIES) return;
    retries += 1;
    for (const id of ids) waiting.add(id);
    timer ??= setTimeout(() => void flush().catch(() => undefined), RETRY_MS);
  };

  const flush = async () => {
    timer = undefined;
    const ids = [...waiting];
    waiting.clear();
    for (let start = 0; start < ids.length; start += CHUNK) {
      const chunk = ids.slice(start, start + CHUNK);
      const { data, error } = await rest.from(spec.name).select('*').in('id', chunk);
      // Offline again or refused: the next pull or reSync brings the rows instead.
      if (error || !data?.length) continue;
      const documents = (data as Record<string, unknown>[]).map(({ _modified: _ignored, ...row }) => ({ ...row, _deleted: Boolean(row._deleted) }));
      // Before the first pull has stored its checkpoint nothing can be handed over: try again
      // shortly (that pull may have skipped these rows while they were being pushed).
      if (emitFromServer(replication, documents)) retries = 0;
      else retryLater(chunk);
    }
  };

  const subscription = replication.sent$.subscribe((doc) => {
    waiting.add(String((doc as unknown as { id: unknown }).id));
    timer ??= setTimeout(() => void flush().catch(() => undefined), DELAY_MS);
  });
  return () => {
    subscription.unsubscribe();
    if (timer) clearTimeout(timer);
  };
}
