import { useEffect, useState } from 'react';
import { hasUnsavedFormInput } from './update-policy.ts';

/**
 * Whether a form on the page holds typed-in text. Only watched while `active` (an update is
 * waiting), so pages pay nothing for it the rest of the time. `pathname` re-checks after navigation.
 */
export function useUnsavedInput(active: boolean, pathname: string): boolean {
  const [unsaved, setUnsaved] = useState(false);

  useEffect(() => {
    if (!active) return;
    // Deferred one task: 'reset' fires before the fields are cleared, and a route's new page may
    // not have rendered its forms yet when the path changes.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setUnsaved(hasUnsavedFormInput(document)), 0);
    };
    check();
    const events = ['input', 'change', 'reset', 'submit'] as const;
    for (const name of events) document.addEventListener(name, check, true);
    return () => {
      clearTimeout(timer);
      for (const name of events) document.removeEventListener(name, check, true);
    };
  }, [active, pathname]);

  // While not watched the answer is false, whatever the last check found.
  return active && unsaved;
}
