import { TimeAgo } from '@/components/TimeAgo.tsx';

/** When the unit last reported: "5 minutes ago", or 'Never' for one that has not reported yet. */
export function LastSeen({ at, prefix }: { at: string | null; prefix?: string }) {
  if (!at) return <>{prefix ? `${prefix} never` : 'Never'}</>;
  return <TimeAgo date={at} prefix={prefix} />;
}
