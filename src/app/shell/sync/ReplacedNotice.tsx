import { Link } from '@tanstack/react-router';
import { IconReplace } from '@tabler/icons-react';
import { replacedText } from '@/features/sync-center/live.ts';
import classes from './SyncIndicator.module.css';

/**
 * "1 change replaced — Review", beside the sync indicator, while the server has replaced writes
 * of this device that the user has not yet seen in the sync center (which marks them seen). Where
 * the bar has no room for the words (the store's bar, the area shells on phones) it shows the
 * icon and the count, as the indicator does; its name and title always say it in full.
 */
export function ReplacedNotice({ count, variant }: { count: number; variant: 'full' | 'compact' }) {
  const words = replacedText(count);
  return (
    <Link
      to="/sync"
      className={classes.replaced}
      data-variant={variant}
      aria-label={`${words}. Review in the sync center`}
      title={`${words}. Review in the sync center`}
      data-testid="sync-replaced"
    >
      <IconReplace size={18} aria-hidden="true" />
      {variant === 'full' && (
        <span className={classes.replacedWords} aria-hidden="true">
          {words} — <span className={classes.review}>Review</span>
        </span>
      )}
      <span className={classes.replacedCount} data-variant={variant} aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
    </Link>
  );
}
