import { Link } from '@tanstack/react-router';
import { IconReplace } from '@tabler/icons-react';
import { replacedText } from '@/features/sync-center/live.ts';
import classes from './SyncIndicator.module.css';

/**
 * "1 change replaced — Review", beside the sync indicator, while the server has replaced writes
 * of this device that the user has not yet seen in the sync center (which marks them seen). On
 * phones the words shorten to "1 replaced · Review"; the name always says it in full.
 */
export function ReplacedNotice({ count, variant }: { count: number; variant: 'full' | 'compact' }) {
  const words = replacedText(count);
  return (
    <Link to="/sync" className={classes.replaced} data-variant={variant} aria-label={`${words}. Review in the sync center`} data-testid="sync-replaced">
      <IconReplace size={18} aria-hidden="true" />
      <span aria-hidden="true">
        <span className={classes.replacedLong}>{words} — </span>
        <span className={classes.replacedShort}>{count} replaced · </span>
        <span className={classes.review}>Review</span>
      </span>
    </Link>
  );
}
