/** Per-connection bounds: what one client may cost the stack, whatever it sends. */
export const LIMITS = {
  /** Largest frame accepted; a bigger one closes the connection (1009), as Realtime's 1 MiB cap. */
  maxFrameBytes: 1024 * 1024,
  /** Outbound bytes a slow reader may leave unsent before it is dropped (back-pressure). */
  maxBufferedBytes: 8 * 1024 * 1024,
  /** Supabase's default `max_channels_per_client`. */
  maxChannelsPerConnection: 100,
  /** Records larger than this go out without their big values and with an Error 413 (as apply_rls). */
  maxRecordBytes: 1024 * 1024,
  /** Presence track payload cap (Realtime's default payload size). */
  maxPresenceBytes: 256 * 1024,
  /** A connection without any frame for this long is closed (clients beat every 25 s). */
  idleTimeoutMs: 60_000,
  /** Bindings in one join: more is a join storm in one frame. */
  maxBindingsPerChannel: 100,
} as const;
