import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { createQueryClient, userQueryClient } from './client.ts';
import { userPersistOptions } from './persister.ts';

interface Props {
  /** The signed-in user: their answers are restored from and saved to this device. */
  userId: string | null;
  children: ReactNode;
}

/**
 * TanStack Query for the signed-in screens. Mounted by the signed-in shells, so public pages
 * never load it. With a user, the last answers are restored from the device before queries run
 * (queries wait while restoring) and saved as they change; without one, nothing is kept.
 */
export function QueryProvider({ userId, children }: Props) {
  return userId ? (
    <UserQueryProvider key={userId} userId={userId}>
      {children}
    </UserQueryProvider>
  ) : (
    <AnonymousQueryProvider>{children}</AnonymousQueryProvider>
  );
}

function UserQueryProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const [client] = useState(() => userQueryClient(userId));
  const [persistOptions] = useState(() => userPersistOptions(userId));
  return (
    <PersistQueryClientProvider client={client} persistOptions={persistOptions}>
      {children}
    </PersistQueryClientProvider>
  );
}

function AnonymousQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
