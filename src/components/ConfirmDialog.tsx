import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';

interface ConfirmDialogProps {
  opened: boolean;
  /** Cancel, Escape, the close button or a click outside; not offered while confirming. */
  onClose: () => void;
  /**
   * The confirmed action. A returned promise shows the loading state until it settles; once it
   * resolves the dialog closes. A rejection keeps it open, for the caller's error toast: the
   * action reports its own failure, this dialog only stays put.
   */
  onConfirm: () => void | Promise<void>;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action (delete, revoke): red confirm button, and Cancel takes the first focus. */
  danger?: boolean;
  /** Loading state driven by the caller, e.g. from a mutation it tracks itself. */
  loading?: boolean;
}

/** "Are you sure…?" as an accessible modal (a dialog named by its title, described by its message). */
export function ConfirmDialog({
  opened,
  onClose,
  onConfirm,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  danger = false,
  loading = false,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const busy = loading || pending;

  const confirm = async () => {
    if (busy) return;
    setPending(true);
    try {
      await onConfirm();
    } catch {
      // Stays open: the action has shown why it failed.
      return;
    } finally {
      setPending(false);
    }
    onClose();
  };

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      closeButtonProps={{ 'aria-label': 'Close', disabled: busy }}
    >
      {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={close} disabled={busy} data-autofocus={danger || undefined}>
          {cancelLabel}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={() => void confirm()} loading={busy} data-autofocus={danger ? undefined : true}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
