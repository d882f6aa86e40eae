import { Text } from '@mantine/core';
import { countOf } from '@/lib/count.ts';

/**
 * The header note "Last 7 days", with what it counts: the items whose stock, price or details
 * changed in that window (sales and restocks included). On its own the words labelled nothing on
 * a sheet of current stock.
 */
export function RecentChanges({ changed, total }: { changed: number; total: number }) {
  return (
    <Text size="sm" data-testid="inventory-recent-changes">
      <Text span fw={600} inherit data-testid="inventory-period">
        Last 7 days
      </Text>
      {`: ${changed === 0 ? 'no item changed' : `${changed} of ${countOf(total, 'item')} changed`} (stock, price or details)`}
    </Text>
  );
}
