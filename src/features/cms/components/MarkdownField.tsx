import { Box, SimpleGrid, Text, Textarea, type TextareaProps } from '@mantine/core';
import { Markdown } from '@/components/Markdown.tsx';

/**
 * The content body: Markdown typed on the left, its rendering (sanitized, as readers will see it)
 * beside it, updated on every keystroke; stacked on narrow screens.
 */
export function MarkdownField({ value, ...props }: TextareaProps & { value: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Textarea
        label="Content"
        description="Markdown supported"
        placeholder="Write your content here..."
        required
        autosize
        minRows={10}
        maxRows={20}
        value={value}
        {...props}
      />
      <Box component="section" aria-label="Preview" style={{ minWidth: 0 }}>
        <Text component="h3" size="sm" fw={500} m={0}>
          Preview
        </Text>
        {/* Focusable: a keyboard user can scroll a long preview. */}
        <Box mt={4} p="sm" tabIndex={0} style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)', maxHeight: 480, overflow: 'auto' }}>
          {value.trim() ? (
            <Markdown source={value} data-testid="content-preview" />
          ) : (
            <Text size="sm" c="dimmed">
              Nothing to preview yet.
            </Text>
          )}
        </Box>
      </Box>
    </SimpleGrid>
  );
}
