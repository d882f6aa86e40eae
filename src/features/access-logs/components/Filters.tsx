import { Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { KNOWN_ACTIONS, SEARCH_MAX_LENGTH, type LogFilters } from '../data/access-logs.ts';
import { actionLabel } from '../log-labels.ts';

const ACTION_OPTIONS = [{ value: 'all', label: 'All Actions' }, ...KNOWN_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }))];
const RESULT_OPTIONS = [
  { value: 'all', label: 'All Results' },
  { value: 'success', label: 'Success' },
  { value: 'failed', label: 'Failed' },
];

interface Props {
  /** What the search box shows (applied after a short pause in typing). */
  search: string;
  onSearch: (text: string) => void;
  filters: LogFilters;
  onChange: (filters: LogFilters) => void;
}

/** Text search, action and result: each applied by the database. */
export function Filters({ search, onSearch, filters, onChange }: Props) {
  return (
    <Group align="flex-end" gap="sm" role="search" aria-label="Filter access logs">
      <TextInput
        label="Search"
        placeholder="Search users, actions, resources…"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(event) => onSearch(event.currentTarget.value)}
        style={{ flex: '1 1 16rem' }}
      />
      <Select
        label="Action"
        data={ACTION_OPTIONS}
        value={filters.action}
        allowDeselect={false}
        searchable
        onChange={(value) => onChange({ ...filters, action: (value ?? 'all') as LogFilters['action'] })}
        style={{ flex: '0 1 12rem' }}
      />
      <Select
        label="Result"
        data={RESULT_OPTIONS}
        value={filters.result}
        allowDeselect={false}
        onChange={(value) => onChange({ ...filters, result: (value ?? 'all') as LogFilters['result'] })}
        style={{ flex: '0 1 10rem' }}
      />
    </Group>
  );
}
