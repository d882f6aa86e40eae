import { Link } from '@tanstack/react-router';
import { IconReplace } from '@tabler/icons-react';
import { replacedText } from '@/features/sync-center/live.ts';
import classes from './SyncIndicator.module.css';

/**
 * "1 change replaced — Review", beside the sync indicator, while the server has replaced writes
 * of this device that the user has not yet seen in the sync center (which marks them seen). Where
 * the bar has no room for it (the area shells on phones, the store's bar below 1440 px), CSS
 * hides it and the indicator itself is tinted the same (on phones also with the icon and count).
 */
export function ReplacedNotice({ count, variant }: { count: number; variant: 'full' | 'compact' }) {
  const words = replacedText(count);
  return (
    <Link
      to="/sync"
      className={classes.replaced}
      data-variant={variant}
      aria-label={`${words}. Review in the Sync Center`}
      title={`${words}. Review in the Sync Center`}
      data-testid="sync-replaced"
    >
      <IconReplace size={18} aria-hidden="true" />
      <span aria-hidden="true">
        {words} — <span className={classes.review}>Review</span>
      </span>
    </Link>
  );
}
