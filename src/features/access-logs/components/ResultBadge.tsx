import { StatusBadge } from '@/components/StatusBadge.tsx';

/** Success or Failed, in the list's cards, the table and the details panel alike. */
export function ResultBadge({ success }: { success: boolean }) {
  return <StatusBadge kind="result" status={success ? 'success' : 'failed'} size="sm" />;
}
