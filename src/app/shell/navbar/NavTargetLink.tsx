import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { NavTarget } from './navItems.ts';

interface Props {
  target: NavTarget;
  className?: string;
  onNavigate?: () => void;
  children?: ReactNode;
}

/**
 * Router link for a nav entry. Entries are data (some point at routes other engineers add), so the
 * path is typed as a plain string here; exact-match activity keeps 'Home' from matching every page,
 * and hash links ('/#features') are never shown as the active page.
 */
export function NavTargetLink({ target, className, onNavigate, children }: Props) {
  const to = target.to as '/';
  return (
    <Link
      to={to}
      params={target.params as never}
      hash={target.hash}
      className={className}
      onClick={onNavigate}
      activeOptions={{ exact: target.to === '/', includeHash: Boolean(target.hash) }}
      activeProps={target.hash ? {} : { 'aria-current': 'page', 'data-active': true }}
    >
      {children ?? target.label}
    </Link>
  );
}
