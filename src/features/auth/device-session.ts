import { AUTH_STORAGE_KEY } from '@/lib/env.ts';

/**
 * True when this device has a stored session (or the URL carries one from an e-mail link), i.e.
 * when the first session check needs supabase-js at all. Kept apart from the data modules so the
 * boot path stays tiny.
 */
export function mayHaveSession(): boolean {
  try {
    if (localStorage.getItem(AUTH_STORAGE_KEY)) return true;
  } catch {
    return true; // storage blocked: let supabase-js decide
  }
  return /(?:^#|&)(access_token|error_description)=/.test(window.location.hash);
}
