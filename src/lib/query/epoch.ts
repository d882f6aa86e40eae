let epoch = 0;

/**
 * Incremented by every clear of the query cache. A cache writer remembers the epoch it started in
 * and drops its writes once it has changed, so a save that was already scheduled (the persister
 * throttles saves by a second) cannot write the user's answers back after sign-out removed them.
 */
export function cacheEpoch(): number {
  return epoch;
}

export function nextCacheEpoch(): void {
  epoch += 1;
}
