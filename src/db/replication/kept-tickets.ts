/**
 * Tickets outside a staff device's window that the user opened from the online search: kept on
 * the device for a while (the window's eviction leaves them), so a conversation picked up again
 * tomorrow opens offline. Per user, in localStorage; in memory where there is none (Node tests).
 */
export const KEEP_DAYS = 7;

const DAY_MS = 86_400_000;
const memory = new Map<string, string>();

const storeKey = (userId: string) => `garage-kept-tickets:${userId}`;

const hasStorage = () => typeof localStorage !== 'undefined';

function read(userId: string): Record<string, number> {
  try {
    const raw = hasStorage() ? localStorage.getItem(storeKey(userId)) : memory.get(storeKey(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function write(userId: string, kept: Record<string, number>): void {
  const raw = JSON.stringify(kept);
  try {
    if (hasStorage()) localStorage.setItem(storeKey(userId), raw);
    else memory.set(storeKey(userId), raw);
  } catch {
    /* blocked storage: the ticket stays until the next eviction */
  }
}

export function keepTicket(userId: string, ticketId: string, now = Date.now()): void {
  write(userId, { ...read(userId), [ticketId]: now + KEEP_DAYS * DAY_MS });
}

/** The tickets kept now; expired ones are forgotten. */
export function keptTickets(userId: string, now = Date.now()): Set<string> {
  const all = read(userId);
  const live = Object.fromEntries(Object.entries(all).filter(([, until]) => typeof until === 'number' && until > now));
  if (Object.keys(live).length !== Object.keys(all).length) write(userId, live);
  return new Set(Object.keys(live));
}

/** Sign-out removed the user's data from this device. */
export function forgetKeptTickets(userId: string): void {
  try {
    if (hasStorage()) localStorage.removeItem(storeKey(userId));
    else memory.delete(storeKey(userId));
  } catch {
    /* nothing stored */
  }
}
