// The signed-in user's guest and delivery codes that are not revoked (access_permissions);
// whether each is still unexpired and under its limit depends on the time, so that is decided
// when counting (see summary.ts).
import type { MangoQuery } from 'rxdb';
import type { DocOf } from '@/db/react.tsx';

export type AccessCodeDoc = DocOf<'access_permissions'>;

/** The kinds of code the Active Access Codes card counts. */
export const COUNTED_CODE_TYPES = ['guest', 'delivery'] as const;

export function myLiveCodesQuery(userId: string | null): MangoQuery<AccessCodeDoc> {
  return { selector: { user_id: userId ?? '', is_active: true, permission_type: { $in: [...COUNTED_CODE_TYPES] } } };
}
