// log_access_event(): records a staff action (e.g. a report export) in the access logs, with the
// caller's IP and user agent taken by the server. Best effort: a failure to log never blocks the
// action itself.
import { loadSupabase } from './load-supabase.ts';

export async function logAccessEvent(action: string, resource: string, success = true): Promise<void> {
  try {
    const supabase = await loadSupabase();
    await supabase.rpc('log_access_event', { p_action: action, p_resource: resource, p_success: success });
  } catch {
    // Logging is not the user's task: nothing to tell them.
  }
}
