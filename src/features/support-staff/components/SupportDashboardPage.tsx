import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBook, IconTicket } from '@tabler/icons-react';
import { scrollingTabs } from '@/components/scrolling-tabs.ts';
import { ArticlesTab } from './kb/ArticlesTab.tsx';
import { StatCards } from './StatCards.tsx';
import { TicketsTab } from './tickets/TicketsTab.tsx';

/**
 * /support/dashboard (support and admin): the six stat cards, then Ticket Management (every
 * customer's tickets, their conversations with internal notes, status and assignment) and
 * Knowledge Base (every article, drafts included). Tickets, messages and articles come from this
 * device's database, so the lists work offline; the stat cards are counted by the server.
 */
export function SupportDashboardPage() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Support Dashboard</Title>
        <Text c="dimmed">Answer customer tickets and keep the knowledge base current.</Text>
      </div>
      <StatCards />
      <Tabs defaultValue="tickets" keepMounted={false} {...scrollingTabs}>
        <Tabs.List>
          <Tabs.Tab value="tickets" leftSection={<IconTicket size={16} aria-hidden />}>
            Ticket Management
          </Tabs.Tab>
          <Tabs.Tab value="kb" leftSection={<IconBook size={16} aria-hidden />}>
            Knowledge Base
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tickets" pt="md">
          <TicketsTab />
        </Tabs.Panel>
        <Tabs.Panel value="kb" pt="md">
          <ArticlesTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
