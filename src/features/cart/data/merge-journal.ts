/**
 * The sign-in merge's journal. Adding a guest line to the user's line and removing it from the
 * guest cart are writes to two IndexedDB databases, which share no transaction: a page that
 * closes or navigates between them (a user clicking on right after signing in) left the guest
 * line in place, and the next page added it again. The journal, in localStorage (written at once,
 * kept through an unload), says per guest line how much of it the user's line already holds and
 * which add was under way, so the next page finishes the move instead of repeating it.
 */
export interface PendingAdd {
  amount: number;
  /** The user line's revision before the add (null: the line did not exist). */
  before: string | null;
  /** The writing database instance's token: RxDB revisions read `<height>-<token>`. */
  token: string;
}

export interface MergeEntry {
  userId: string;
  /** How much of the guest line the user's line holds for certain. */
  added: number;
  pending?: PendingAdd;
}

const KEY = 'garage-cart-merge';
const memory = new Map<string, MergeEntry>();

function read(): Record<string, MergeEntry> {
  if (typeof localStorage === 'undefined') return Object.fromEntries(memory);
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, MergeEntry>;
  } catch {
    return {};
  }
}

function write(entries: Record<string, MergeEntry>): void {
  if (typeof localStorage === 'undefined') {
    memory.clear();
    for (const [id, entry] of Object.entries(entries)) memory.set(id, entry);
    return;
  }
  if (Object.keys(entries).length === 0) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, JSON.stringify(entries));
}

/** The entry of a guest line for this user; an entry another user's merge left behind is dropped. */
export function journalEntry(guestId: string, userId: string): MergeEntry {
  const entry = read()[guestId];
  return entry?.userId === userId ? entry : { userId, added: 0 };
}

export function saveEntry(guestId: string, entry: MergeEntry | undefined): void {
  const entries = read();
  if (entry) entries[guestId] = entry;
  else delete entries[guestId];
  write(entries);
}

/** Sign-out: the journal names the user and what moved into their cart. */
export function forgetMergeJournal(): void {
  write({});
}

const height = (revision: string | null) => (revision === null ? 0 : Number.parseInt(revision, 10));

/**
 * Whether an add the journal saw start reached the user's line, from the line's revision now:
 * unchanged, it did not; last written by the page that made the add (its database instance's
 * token, which no other page has), it did. Last written by someone else (a pull, another tab) it
 * cannot be told, and the add is made again: a line counted twice is put right by the user, a
 * line lost is not.
 */
export function addLanded(pending: PendingAdd, revisionNow: string | null): boolean {
  if (revisionNow === null || revisionNow === pending.before) return false;
  return revisionNow.endsWith(`-${pending.token}`) && height(revisionNow) > height(pending.before);
}
