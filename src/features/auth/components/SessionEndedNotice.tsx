import { useEffect, useState } from 'react';
import { Alert, Text } from '@mantine/core';
import type { EndedSession } from '../device-session.ts';

/** The count of changes kept on the device for them; loads Dexie only for this notice. */
function useUnsentCount(userId: string): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    void import('@/db/sync/unsent.ts')
      .then(({ countUnsent }) => countUnsent(userId))
      .then((n) => live && setCount(n))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [userId]);
  return count;
}

const changes = (n: number) => (n === 1 ? '1 change' : `${n} changes`);

/**
 * Above the sign-in form when the server ended this device's session (signed out elsewhere, the
 * password changed, the account disabled): says so in words, and that what the user did on this
 * device is kept for them and sent once they are back.
 */
export function SessionEndedNotice({ ended }: { ended: EndedSession }) {
  const unsent = useUnsentCount(ended.userId);
  const who = ended.email ? ` as ${ended.email}` : '';
  return (
    <Alert color="yellow" title="Your session has ended" mb="lg" role="status" data-testid="session-ended">
      <Text size="sm">
        The server signed this device out, for example after a sign-out on another device or a password change. Sign in again{who} to continue.
      </Text>
      <Text size="sm" mt="xs">
        {unsent
          ? `${changes(unsent)} made on this device ${unsent === 1 ? 'is' : 'are'} kept and will be sent after you sign in${who}.`
          : 'Your data stays on this device and syncs again after you sign in.'}
      </Text>
    </Alert>
  );
}
