import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Factor } from '../../data/mfa.ts';
import { removeTotpFactorMutation } from '../../data/mfa-queries.ts';
import { refreshSession } from '../../store.ts';
import { isVerified } from './enrolment.ts';

interface Props {
  factor: Factor | null;
  onClose: () => void;
  onRemoved: () => void;
}

/**
 * Confirms removing a factor; a verified one turns two-factor sign-in off. The removal refreshes
 * the factor list (the mutation's `invalidates`) before it reports success.
 */
export function RemoveFactorModal({ factor, onClose, onRemoved }: Props) {
  const removal = useMutation(removeTotpFactorMutation);
  const removing = removal.isPending;
  const error = removal.error ? removal.error.message || 'Please try again.' : null;
  const verified = factor ? isVerified(factor) : false;

  const close = () => {
    if (removing) return;
    removal.reset();
    onClose();
  };

  const onConfirm = async () => {
    if (!factor) return;
    try {
      await removal.mutateAsync(factor.id);
    } catch {
      return; // shown in the dialog from the mutation's error
    }
    // Removed either way; the re-read brings the session's assurance level down to aal1.
    await refreshSession().catch(() => undefined);
    notifications.show(
      verified
        ? { title: 'Two-factor authentication removed', message: 'You will sign in with your password only.', color: 'green' }
        : { title: 'Unfinished set-up removed', message: 'The authenticator app that was never verified is gone.', color: 'green' },
    );
    removal.reset();
    onRemoved();
  };

  return (
    // Composed so the header is a <div>: Mantine's <header> sits in a portal outside any sectioning
    // element and would be a second banner landmark (axe landmark-no-duplicate-banner).
    <Modal.Root opened={factor !== null} onClose={close} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{verified ? 'Turn off two-factor authentication?' : 'Remove unfinished set-up?'}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Stack gap="md">
            <Text>
              {verified
                ? 'You will sign in with your password only.'
                : 'This authenticator app was never verified. You can set one up again at any time.'}
            </Text>
            {error && (
              <Alert color="red" title="Could not remove it" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={removing}>
                Cancel
              </Button>
              <Button color="red" onClick={() => void onConfirm()} loading={removing}>
                Remove
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
