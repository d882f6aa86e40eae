/**
 * When the "new version" prompt may be shown. Pure functions (no React, no service worker) so the
 * rules are unit-tested on their own; UpdatePrompt only feeds them the live values.
 */

/** Paths where a reload would cost the user typed-in work: the prompt waits until they leave. */
const DEFERRED_PATH_PREFIXES = ['/checkout'];

export function isUpdateDeferredPath(pathname: string): boolean {
  return DEFERRED_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Input types whose value is something the user typed (not a choice we can trivially restore). */
const TYPED_INPUT_TYPES = new Set(['', 'text', 'email', 'tel', 'url', 'password', 'search']);

/**
 * True when a form on the page holds typed-in text (e.g. a half-filled Notify Me or sign-up form),
 * or a feature marks unsaved work explicitly with `data-unsaved-changes="true"`.
 * Controlled inputs keep their default value in sync, so "non-empty" is the signal, not "dirty".
 */
export function hasUnsavedFormInput(root: ParentNode): boolean {
  if (root.querySelector('[data-unsaved-changes="true"]')) return true;
  const fields = root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('form input, form textarea');
  for (const field of fields) {
    if (field.disabled || field.readOnly) continue;
    if (field instanceof HTMLInputElement && !TYPED_INPUT_TYPES.has(field.getAttribute('type')?.toLowerCase() ?? '')) continue;
    if (field.value.trim() !== '') return true;
  }
  return false;
}

export interface UpdatePromptState {
  /** A new service worker is installed and waiting. */
  needRefresh: boolean;
  /** The user chose 'Later' during this page's life. */
  dismissed: boolean;
  pathname: string;
  unsavedInput: boolean;
}

export function shouldShowUpdatePrompt(state: UpdatePromptState): boolean {
  if (!state.needRefresh || state.dismissed) return false;
  return !isUpdateDeferredPath(state.pathname) && !state.unsavedInput;
}
