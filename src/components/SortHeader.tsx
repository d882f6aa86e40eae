import type { ReactNode } from 'react';
import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';

export interface TableSort<K extends string> {
  key: K;
  /** 'desc' is a column's first click: its most pressing end (newest, most urgent, open, failed). */
  direction: 'asc' | 'desc';
}

/** A header's click: the same column flips its direction, another starts at its pressing end. */
export function nextSort<K extends string>(current: TableSort<K>, key: K): TableSort<K> {
  return current.key === key ? { key, direction: current.direction === 'desc' ? 'asc' : 'desc' } : { key, direction: 'desc' };
}

interface SortHeaderProps<K extends string> {
  sortKey: K;
  sort: TableSort<K>;
  onSort: (key: K) => void;
  children: ReactNode;
}

/** A column header that orders a table: aria-sort tells screen readers the order, the arrow shows it. */
export function SortHeader<K extends string>({ sortKey, sort, onSort, children }: SortHeaderProps<K>) {
  const active = sort.key === sortKey;
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
