import type { ReactNode } from 'react';
import { useAuth } from '@/features/auth';
import { QueryProvider } from '@/lib/query/QueryProvider.tsx';

/**
 * Online-only data (TanStack Query) for the screens of a signed-in area, with the signed-in
 * user's saved answers. It lives in the area shell, so it loads with the areas and never with the
 * public pages.
 */
export function AreaQueryProvider({ children }: { children: ReactNode }) {
  const userId = useAuth((state) => state.user?.id ?? null);
  return <QueryProvider userId={userId}>{children}</QueryProvider>;
}
