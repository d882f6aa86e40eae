import { useId, type ReactNode } from 'react';
import { Stack, Text, ThemeIcon, Title, type TitleOrder } from '@mantine/core';

interface EmptyStateProps {
  /** A Tabler icon element; decorative (the title says what is empty). */
  icon?: ReactNode;
  title: string;
  /** One sentence on why it is empty or what to do ("You haven't created any support tickets yet."). */
  text?: ReactNode;
  /** A button or link, e.g. 'Add Your First Device'. */
  action?: ReactNode;
  /** Heading level in the page's outline; 2 under a page's h1 by default. */
  titleOrder?: TitleOrder;
}

/**
 * What a list shows when it has nothing: an icon, a heading, a line of text and an optional
 * action. A labelled region, so screen-reader users can find it by its title.
 */
export function EmptyState({ icon, title, text, action, titleOrder = 2 }: EmptyStateProps) {
  const titleId = useId();
  return (
    <Stack component="section" aria-labelledby={titleId} align="center" gap="xs" py="xl" px="md" ta="center" data-testid="empty-state">
      {icon && (
        <ThemeIcon variant="light" color="gray" size={56} radius="xl" aria-hidden="true">
          {icon}
        </ThemeIcon>
      )}
      <Title order={titleOrder} fz="h4" id={titleId}>
        {title}
      </Title>
      {text && (
        <Text c="dimmed" size="sm" maw={420}>
          {text}
        </Text>
      )}
      {action && <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>{action}</div>}
    </Stack>
  );
}
