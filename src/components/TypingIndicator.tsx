import { Text } from '@mantine/core';

/**
 * "<name> is typing…" under a conversation. The live region is always rendered (empty when no one
 * types) so screen readers announce the text when it appears, politely.
 */
export function TypingIndicator({ name, fallback }: { name: string | null; fallback: string }) {
  return (
    <Text size="sm" c="dimmed" fs="italic" aria-live="polite" data-testid="typing-indicator" mih="1.5em">
      {name !== null ? `${name || fallback} is typing…` : ''}
    </Text>
  );
}
