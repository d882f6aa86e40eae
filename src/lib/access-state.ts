// The state of an access permission at a given instant, shared by the access page and the
// overview. `now` is passed in (never read here), so the rule is testable and screens can
// re-evaluate it as time passes.

export type AccessState = 'active' | 'expired' | 'limit_reached' | 'revoked';

export interface PermissionFacts {
  is_active: boolean;
  expires_at: string | null;
  max_usage: number | null;
  usage_count: number;
}

/** Past its expiry: expires_at is at or before now. */
export function isExpired(permission: Pick<PermissionFacts, 'expires_at'>, now: number): boolean {
  return permission.expires_at !== null && Date.parse(permission.expires_at) <= now;
}

/** Used up: a usage limit exists and usage_count has reached it. */
export function isLimitReached(permission: Pick<PermissionFacts, 'max_usage' | 'usage_count'>): boolean {
  return permission.max_usage !== null && permission.usage_count >= permission.max_usage;
}

/**
 * Expired, then Limit Reached, then Revoked, checked in that order (a revoked code past its expiry
 * reads Expired, as the door would refuse it); otherwise Active.
 */
export function accessState(permission: PermissionFacts, now: number): AccessState {
  if (isExpired(permission, now)) return 'expired';
  if (isLimitReached(permission)) return 'limit_reached';
  if (!permission.is_active) return 'revoked';
  return 'active';
}

/** Revoking is offered only while the code still opens the door: active, unexpired, under its limit. */
export function canRevoke(permission: PermissionFacts, now: number): boolean {
  return accessState(permission, now) === 'active';
}

/** Uses left under a limit (never below 0); null when the code has no limit. */
export function usesLeft(permission: Pick<PermissionFacts, 'max_usage' | 'usage_count'>): number | null {
  return permission.max_usage === null ? null : Math.max(0, permission.max_usage - permission.usage_count);
}

/**
 * The next instant after `now` at which one of these permissions expires, or null: when the page
 * must look again, so a code expiring while it is open turns Expired without a reload.
 */
export function nextExpiry(permissions: readonly Pick<PermissionFacts, 'expires_at'>[], now: number): number | null {
  let next: number | null = null;
  for (const { expires_at } of permissions) {
    if (expires_at === null) continue;
    const at = Date.parse(expires_at);
    if (at > now && (next === null || at < next)) next = at;
  }
  return next;
}
