import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import { copiedToast, copyFailedToast } from '../messages.ts';

/** Copies a code to the clipboard and says so. */
export function CopyCodeButton({ code }: { code: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      notifications.show(copiedToast);
    } catch {
      notifications.show(copyFailedToast);
    }
  };
  return (
    <Tooltip label="Copy code">
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Copy code ${code}`} onClick={() => void copy()}>
        <IconCopy size={20} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
