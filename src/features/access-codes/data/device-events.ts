// The door log of one code: the device_events rows the server writes when a code is tried at the
// door (code_redeemed when it opened, code_refused with the reason in `detail`).
import type { MangoQuery } from 'rxdb';
import type { DocOf } from '@/db/react.tsx';

export const DOOR_LOG_KINDS = ['code_redeemed', 'code_refused'] as const;

/** Newest first. */
export function doorLogQuery(permissionId: string): MangoQuery<DocOf<'device_events'>> {
  return {
    selector: { permission_id: permissionId, kind: { $in: [...DOOR_LOG_KINDS] } },
    sort: [{ created_at: 'desc' }, { id: 'desc' }],
  };
}

/** 'Opened', or 'Refused: Expired' (the server's reason), for one door event. */
export function doorResult(event: Pick<DocOf<'device_events'>, 'kind' | 'detail'>): string {
  if (event.kind === 'code_redeemed') return 'Opened';
  return event.detail ? `Refused: ${event.detail}` : 'Refused';
}
