import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

interface LoadErrorProps {
  title: string;
  /** One sentence on what failed; the default suits data read from the server or this device. */
  text?: string;
  /** Tries the read again; no button without it. */
  onRetry?: (() => void) | undefined;
  'data-testid'?: string;
}

/** A list or page that could not be loaded: what failed, and a Retry button. */
export function LoadError({ title, text = 'Check your connection and try again.', onRetry, 'data-testid': testId }: LoadErrorProps) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle aria-hidden />} data-testid={testId}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{text}</Text>
        {onRetry && (
          <Button size="xs" color="red" onClick={onRetry}>
            Retry
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
