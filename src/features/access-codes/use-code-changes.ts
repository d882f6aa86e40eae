import { useEffect, useRef } from 'react';
import { notifications } from '@mantine/notifications';
import type { AccessPermission } from '@/db/collections/index.ts';
import { codeChangedToast } from './messages.ts';

/**
 * Tells the user when one of their codes changes under them: the server replaces a new code that
 * collides with another active code of the same device, and the replacement arrives by
 * replication. Codes are watched by id from the first answer on; the first answer itself and
 * codes seen for the first time never toast.
 */
export function useCodeChangeToasts(docs: readonly AccessPermission[], loading: boolean, deviceName: (id: string) => string): void {
  const seen = useRef<Map<string, string> | null>(null);
  useEffect(() => {
    if (loading) return;
    const previous = seen.current;
    const next = new Map(docs.map((doc) => [doc.id, doc.access_code]));
    seen.current = next;
    if (!previous) return;
    for (const doc of docs) {
      const before = previous.get(doc.id);
      if (before !== undefined && before !== doc.access_code) notifications.show(codeChangedToast(before, deviceName(doc.device_id), doc.access_code));
    }
  }, [docs, loading, deviceName]);
}
