import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, Stack } from '@mantine/core';

interface Props {
  title: string;
  children: ReactNode;
  color?: string;
  actionLabel: string;
  onAction: () => void;
}

/**
 * A panel that replaces a form once it has done its work (or cannot): it takes focus, so keyboard
 * and screen-reader users land on the news instead of on a vanished button.
 */
export function Notice({ title, children, color = 'blue', actionLabel, onAction }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Stack gap="md">
      {/* An e-mail address is one long word: it breaks where it must rather than run out of the box. */}
      <Alert ref={ref} tabIndex={-1} title={title} color={color} role="status" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Alert>
      <Button variant="light" onClick={onAction}>
        {actionLabel}
      </Button>
    </Stack>
  );
}
