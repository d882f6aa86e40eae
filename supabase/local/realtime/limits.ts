/** Per-connection bounds: what one client may cost the stack, whatever it sends. */
import { configValue, type StackConfig } from '../config.ts';

export const LIMITS = {
  /** Largest frame accepted; a bigger one closes the connection (1009), as Realtime's 1 MiB cap. */
  maxFrameBytes: 1024 * 1024,
  /** Outbound bytes a slow reader may leave unsent before it is dropped (back-pressure). */
  maxBufferedBytes: 8 * 1024 * 1024,
  /** Records larger than this go out without their big values and with an Error 413 (as apply_rls). */
  maxRecordBytes: 1024 * 1024,
  /** Presence track payload cap (Realtime's default payload size). */
  maxPresenceBytes: 256 * 1024,
  /** A connection without any frame for this long is closed (clients beat every 25 s). */
  idleTimeoutMs: 60_000,
} as const;

/**
 * The quotas of `[realtime]` in supabase/config.toml. The project-wide ones carry hosted
 * Realtime's tenant field names and its free-plan values (supabase.com/docs/guides/realtime/limits);
 * the `_per_ip` ones and the bindings cap are local additions (hosted has none), so that one
 * address cannot use up a whole project's quota, and each is at most the project's.
 */
export interface RealtimeQuotas {
  maxConcurrentUsers: number;
  maxConcurrentUsersPerIp: number;
  maxJoinsPerSecond: number;
  maxJoinsPerSecondPerIp: number;
  maxChannelsPerClient: number;
  maxEventsPerSecond: number;
  maxEventsPerSecondPerIp: number;
  maxPresenceEventsPerSecond: number;
  maxPresenceEventsPerSecondPerIp: number;
  maxPostgresChangesPerChannel: number;
}

export const DEFAULT_QUOTAS: RealtimeQuotas = {
  maxConcurrentUsers: 200,
  maxConcurrentUsersPerIp: 50,
  maxJoinsPerSecond: 100,
  maxJoinsPerSecondPerIp: 50,
  maxChannelsPerClient: 100,
  maxEventsPerSecond: 100,
  maxEventsPerSecondPerIp: 50,
  maxPresenceEventsPerSecond: 20,
  maxPresenceEventsPerSecondPerIp: 10,
  maxPostgresChangesPerChannel: 20,
};

const KEYS: Record<keyof RealtimeQuotas, string> = {
  maxConcurrentUsers: 'max_concurrent_users',
  maxConcurrentUsersPerIp: 'max_concurrent_users_per_ip',
  maxJoinsPerSecond: 'max_joins_per_second',
  maxJoinsPerSecondPerIp: 'max_joins_per_second_per_ip',
  maxChannelsPerClient: 'max_channels_per_client',
  maxEventsPerSecond: 'max_events_per_second',
  maxEventsPerSecondPerIp: 'max_events_per_second_per_ip',
  maxPresenceEventsPerSecond: 'max_presence_events_per_second',
  maxPresenceEventsPerSecondPerIp: 'max_presence_events_per_second_per_ip',
  maxPostgresChangesPerChannel: 'max_postgres_changes_per_channel',
};

/** `[realtime]` quotas; a missing key takes its default, a value that is not a positive integer stops start-up. */
export function realtimeQuotas(config: StackConfig): RealtimeQuotas {
  const out = { ...DEFAULT_QUOTAS };
  for (const [field, key] of Object.entries(KEYS) as [keyof RealtimeQuotas, string][]) {
    const v = configValue(config, 'realtime', key);
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new Error(`[realtime] ${key} must be a positive integer, got ${JSON.stringify(v)}`);
    out[field] = v;
  }
  return out;
}
