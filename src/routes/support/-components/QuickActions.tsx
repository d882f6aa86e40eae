import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBook, IconHelpCircle, IconTicket } from '@tabler/icons-react';

interface QuickActionsProps {
  onCreateTicket: () => void;
  onBrowseKnowledgeBase: () => void;
  onFaq: () => void;
}

function Action({ icon, title, text, onClick }: { icon: ReactNode; title: string; text: string; onClick: () => void }) {
  return (
    <UnstyledButton onClick={onClick} style={{ display: 'block', height: '100%', borderRadius: 'var(--mantine-radius-md)' }}>
      <Card withBorder radius="md" padding="lg" h="100%">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size={44} radius="md" aria-hidden="true">
            {icon}
          </ThemeIcon>
          <div>
            <Text fw={600}>{title}</Text>
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          </div>
        </Group>
      </Card>
    </UnstyledButton>
  );
}

/** The three shortcuts at the top of the Support Center: a new ticket, the knowledge base, the FAQ. */
export function QuickActions({ onCreateTicket, onBrowseKnowledgeBase, onFaq }: QuickActionsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="quick-actions">
      <Action icon={<IconTicket size={24} />} title="Create Support Ticket" text="Get help from our support team" onClick={onCreateTicket} />
      <Action icon={<IconBook size={24} />} title="Browse Knowledge Base" text="Find answers in our guides and articles" onClick={onBrowseKnowledgeBase} />
      <Action icon={<IconHelpCircle size={24} />} title="FAQ" text="Answers to the most common questions" onClick={onFaq} />
    </SimpleGrid>
  );
}
