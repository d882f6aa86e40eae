// Badge colours of every status the app shows, in one place. The colour names follow the product's
// badge rules (priority: urgent red, high orange, medium yellow, low green; ticket status: open
// blue, in_progress yellow, resolved green, closed gray). Names only, no shades: the theme
// (src/app/palette.ts) decides each colour's filled shade and the text on it, so every badge reads.

const RED = 'red';
const ORANGE = 'orange';
const YELLOW = 'yellow';
const GREEN = 'green';
const BLUE = 'blue';
const GRAY = 'gray';

export const STATUS_COLORS = {
  ticket: { open: BLUE, in_progress: YELLOW, resolved: GREEN, closed: GRAY },
  priority: { urgent: RED, high: ORANGE, medium: YELLOW, low: GREEN },
  device: { online: GREEN, offline: GRAY, maintenance: YELLOW, error: RED },
  // An access code is active until revoked, past its expiry or at its usage limit.
  access: { active: GREEN, expired: GRAY, limit_reached: ORANGE, revoked: RED },
  order: { pending: GRAY, processing: BLUE, shipped: 'indigo', delivered: 'teal', cancelled: RED },
  // An access log event's outcome.
  result: { success: GREEN, failed: RED },
  // A change made on this device: waiting to be sent, or refused by the server for good.
  write: { pending: BLUE, failed: RED },
} as const satisfies Record<string, Record<string, string>>;

export type StatusKind = keyof typeof STATUS_COLORS;
export type StatusOf<K extends StatusKind> = keyof (typeof STATUS_COLORS)[K] & string;

/** A status the app does not know yet (a newer server) still gets a neutral badge. */
export const UNKNOWN_STATUS_COLOR = GRAY;

export function statusColor(kind: StatusKind, status: string): string {
  const colors: Record<string, string> = STATUS_COLORS[kind];
  return Object.hasOwn(colors, status) ? (colors[status] ?? UNKNOWN_STATUS_COLOR) : UNKNOWN_STATUS_COLOR;
}

/** "in_progress" → "In Progress", "limit_reached" → "Limit Reached": underscores read as spaces. */
export function statusLabel(status: string): string {
  return status
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
