// The rules online-only data follows (reports and staff tables that are not replicated), kept in
// one place so the client, the persister and the tests agree on them.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** An answer counts as fresh for 5 minutes: screens opened again within that time do not refetch. */
export const STALE_TIME_MS = 5 * MINUTE;

/**
 * How long the last answer is kept, in memory (gcTime) and on the device (the persister's maxAge).
 * The two must match: a shorter gcTime would drop from memory, and then from the saved cache,
 * answers the device was meant to keep for offline use.
 */
export const CACHE_MAX_AGE_MS = 24 * HOUR;

/**
 * Stored with the saved cache; a cache saved under another value is discarded on restore. Bump it
 * when the shape of a persisted answer changes, so no screen reads an answer it cannot render.
 */
export const QUERY_CACHE_VERSION = 'query-cache-1';
