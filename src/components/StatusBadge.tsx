import type { ReactNode } from 'react';
import { Badge, type BadgeProps } from '@mantine/core';
import { statusColor, statusLabel, type StatusKind, type StatusOf } from '@/lib/status.ts';

type StatusBadgeProps<K extends StatusKind> = {
  kind: K;
  /** Typed per kind; a string from a newer server still renders, in gray. */
  status: StatusOf<K> | (string & {});
  /** An icon before the label (ticket status badges carry one); decorative, hidden from readers. */
  icon?: ReactNode;
} & Omit<BadgeProps, 'color' | 'children' | 'leftSection' | 'variant' | 'autoContrast'>;

/**
 * A status reads whole: Mantine's label clips (overflow: hidden, for its ellipsis), and a clipping
 * box's smallest width is zero, so a table or a flex row squeezed a status to "SUCCE…" or
 * "OUT OF STO…". Statuses are a few short words, so a badge keeps their width and the row around it
 * gives way (a table scrolls, a flex row wraps).
 */
export const WHOLE_BADGE = { root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible' } } as const;

/**
 * A status as a filled badge: the colour from src/lib/status.ts, the label with underscores as
 * spaces ("In Progress"). The label is plain text, so screen readers read it where it stands.
 */
export function StatusBadge<K extends StatusKind>({ kind, status, icon, ...props }: StatusBadgeProps<K>) {
  return (
    <Badge
      variant="filled"
      color={statusColor(kind, status)}
      autoContrast
      leftSection={icon ? <span aria-hidden="true" style={{ display: 'inline-flex' }}>{icon}</span> : undefined}
      data-status={status}
      styles={WHOLE_BADGE}
      {...props}
    >
      {statusLabel(status)}
    </Badge>
  );
}
