import type { ReactNode } from 'react';
import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { TicketSort, TicketSortKey } from '../../ticket-sort.ts';

interface SortHeaderProps {
  sortKey: TicketSortKey;
  sort: TicketSort;
  onSort: (key: TicketSortKey) => void;
  children: ReactNode;
}

/**
 * A column header that orders the queue. aria-sort tells screen readers the current order; the
 * arrow shows it. 'desc' is the pressing end (newest, most urgent, open first), drawn as down.
 */
export function SortHeader({ sortKey, sort, onSort, children }: SortHeaderProps) {
  const active = sort.key === sortKey;
  // aria-sort describes the values' order: newest first is descending dates, but urgent first is
  // descending priority and open first is the workflow's start (ascending in its own order).
  const ariaSort = !active ? 'none' : sort.direction === 'desc' ? 'descending' : 'ascending';
  const Icon = !active ? IconArrowsSort : sort.direction === 'desc' ? IconArrowDown : IconArrowUp;
  return (
    <Table.Th aria-sort={ariaSort}>
      <UnstyledButton onClick={() => onSort(sortKey)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
