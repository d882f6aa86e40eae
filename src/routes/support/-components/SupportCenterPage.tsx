import { useState } from 'react';
import { Container, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconBook, IconSearch, IconTicket } from '@tabler/icons-react';
import { KnowledgeBaseTab, type KnowledgeBaseSection } from '@/features/knowledge-base';
import { CreateTicketDialog, TicketsTab } from '@/features/support-tickets';
import { QuickActions } from './QuickActions.tsx';

type Tab = 'tickets' | 'knowledge';

/**
 * /support: the Support Center. One search box filters both tabs (the user's tickets, and the
 * knowledge base); the quick actions open a new ticket or switch to the knowledge base (its FAQ
 * section for 'FAQ').
 */
export function SupportCenterPage({ device, onDeviceHandled }: { device?: string | undefined; onDeviceHandled?: () => void }) {
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<Tab>('tickets');
  // Arriving with a device ('Get help' on its card) opens a new ticket about it.
  const [creating, setCreating] = useState(device !== undefined);
  const [forDevice, setForDevice] = useState(device);
  // The knowledge base opens at the section asked for; a new request remounts it there.
  const [kb, setKb] = useState<{ section: KnowledgeBaseSection; request: number }>({ section: 'articles', request: 0 });
  const openKnowledgeBase = (section: KnowledgeBaseSection) => {
    setKb((current) => ({ section, request: current.request + 1 }));
    setTab('knowledge');
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Support Center</Title>
          <Text c="dimmed">Get help with your account, products, and technical questions</Text>
        </div>
        <QuickActions
          onCreateTicket={() => setCreating(true)}
          onBrowseKnowledgeBase={() => openKnowledgeBase('articles')}
          onFaq={() => openKnowledgeBase('faq')}
        />
        <TextInput
          type="search"
          aria-label="Search for help articles or tickets"
          placeholder="Search for help articles or tickets..."
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          size="md"
        />
        <Tabs value={tab} onChange={(value) => setTab(value === 'knowledge' ? 'knowledge' : 'tickets')} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="tickets" leftSection={<IconTicket size={16} aria-hidden />}>
              My Tickets
            </Tabs.Tab>
            <Tabs.Tab value="knowledge" leftSection={<IconBook size={16} aria-hidden />}>
              Knowledge Base
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="tickets" pt="md">
            <TicketsTab query={query} onNewTicket={() => setCreating(true)} />
          </Tabs.Panel>
          <Tabs.Panel value="knowledge" pt="md">
            <KnowledgeBaseTab key={kb.request} query={query} initialSection={kb.section} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <CreateTicketDialog
        opened={creating}
        deviceId={forDevice}
        onClose={() => {
          setCreating(false);
          setForDevice(undefined);
          if (device !== undefined) onDeviceHandled?.();
        }}
      />
    </Container>
  );
}
