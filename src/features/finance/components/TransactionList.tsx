import { useId } from 'react';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconReceiptOff } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState.tsx';
import { SkeletonList } from '@/components/SkeletonList.tsx';
import { formatMoney } from '@/lib/money.ts';
import { isMoneyOut, type Transaction } from '../data/transactions.ts';
import { transactionTitle } from '../transaction-title.ts';

const TYPE_COLOR = { sale: 'green', revenue: 'teal', expense: 'orange', refund: 'red' } as const;
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The period's newest transactions; money out shown with a minus sign. */
export function TransactionList({ transactions }: { transactions: Transaction[] | undefined }) {
  const id = useId();
  return (
    <Card component="section" withBorder radius="md" padding="lg" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        Recent Transactions
      </Title>
      {!transactions ? (
        <SkeletonList count={3} label="Loading transactions…" lines={1} />
      ) : transactions.length === 0 ? (
        <EmptyState icon={<IconReceiptOff />} title="No transactions found for the selected period" titleOrder={3} />
      ) : (
        <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} data-testid="transactions">
          {transactions.map((t) => (
            <Group key={t.id} component="li" justify="space-between" py="xs" wrap="nowrap" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }} data-testid="transaction">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate data-testid="transaction-title">
                  {transactionTitle(t)}
                </Text>
                <Group gap="xs">
                  <Badge size="sm" variant="light" color={TYPE_COLOR[t.transaction_type]}>
                    {t.transaction_type}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {when.format(new Date(t.processed_at))}
                    {t.category ? ` · ${t.category}` : ''}
                  </Text>
                </Group>
              </div>
              <Text fw={600} c={isMoneyOut(t) ? 'red' : 'gray'} style={{ whiteSpace: 'nowrap' }}>
                {isMoneyOut(t) ? '−' : '+'}
                {formatMoney(t.amount)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
