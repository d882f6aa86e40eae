/**
 * A random id for this browser, kept in localStorage, sent with each article view: the server
 * counts an anonymous reader's view of an article at most once per hour per id (a signed-in
 * reader is counted by their account, whatever this says). Not a secret and not personal: a new
 * one is made whenever storage was cleared. Undefined where there is no storage (Node, a locked-
 * down browser): the server then falls back to the client's address.
 */
const STORAGE_KEY = 'garage-guard.viewer-key';

export function viewerKey(): string | undefined {
  try {
    const storage = globalThis.localStorage as Storage | undefined;
    if (!storage) return undefined;
    const stored = storage.getItem(STORAGE_KEY);
    if (stored && /^[0-9a-f-]{36}$/.test(stored)) return stored;
    const fresh = crypto.randomUUID();
    storage.setItem(STORAGE_KEY, fresh);
    return fresh;
  } catch {
    return undefined;
  }
}
