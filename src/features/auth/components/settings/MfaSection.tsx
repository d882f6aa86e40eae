import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import type { Factor, TotpEnrolment as Enrolment } from '../../data/mfa.ts';
import { isVerified, startTotpEnrolment } from './enrolment.ts';
import { FactorList } from './FactorList.tsx';
import { RemoveFactorModal } from './RemoveFactorModal.tsx';
import { TotpEnrolment } from './TotpEnrolment.tsx';
import { useTotpFactors } from './use-totp-factors.ts';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Please try again.');

/**
 * Two-factor authentication (TOTP): status, the user's authenticator apps, set-up and removal.
 * One verified authenticator is the product's model, so set-up is offered only while none is.
 */
export function MfaSection() {
  const factors = useTotpFactors();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Factor | null>(null);

  const enabled = factors.factors.some(isVerified);
  // The pending factor of the set-up on screen is shown by the set-up itself, not in the list.
  const listed = factors.factors.filter((factor) => factor.id !== enrolment?.factorId);

  const onStart = async () => {
    setStarting(true);
    setStartError(null);
    try {
      setEnrolment(await startTotpEnrolment());
    } catch (error) {
      setStartError(messageOf(error));
    }
    setStarting(false);
    void factors.reload();
  };

  const finishEnrolment = () => {
    setEnrolment(null);
    void factors.reload();
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="settings-mfa">
      <Stack gap="md">
        <Title order={2} size="h3" id="settings-mfa">
          Two-factor authentication
        </Title>
        {factors.status === 'loading' && factors.factors.length === 0 ? (
          <Stack gap="xs" role="progressbar" aria-busy="true" aria-label="Loading two-factor authentication">
            <Skeleton height={20} width="60%" />
            <Skeleton height={56} />
          </Stack>
        ) : factors.status === 'failed' ? (
          <Alert color="red" title="Could not load your two-factor settings" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{factors.error}</Text>
              <Button size="compact-sm" variant="default" onClick={() => void factors.reload()}>
                Retry
              </Button>
            </Stack>
          </Alert>
        ) : (
          <>
            <Group gap="sm" role="status">
              {enabled && <IconShieldCheck size={22} color="var(--mantine-color-green-text)" aria-hidden="true" />}
              <Text>
                Two-factor authentication is{' '}
                <Badge color={enabled ? 'teal' : 'gray'} variant="filled" component="span">
                  {enabled ? 'On' : 'Off'}
                </Badge>
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              {enabled
                ? 'Signing in asks for your password and a code from your authenticator app.'
                : 'Add a code from an authenticator app (such as Google Authenticator, 1Password or Authy) to your sign-in.'}
            </Text>
            <FactorList factors={listed} onRemove={setRemoving} />
            {enrolment ? (
              <TotpEnrolment enrolment={enrolment} onEnabled={finishEnrolment} onCancelled={finishEnrolment} />
            ) : (
              !enabled && (
                <Group>
                  <Button onClick={() => void onStart()} loading={starting}>
                    Set up authenticator app
                  </Button>
                </Group>
              )
            )}
            {startError && (
              <Alert color="red" title="Could not start the set-up" role="alert">
                {startError}
              </Alert>
            )}
          </>
        )}
      </Stack>
      <RemoveFactorModal
        factor={removing}
        onClose={() => setRemoving(null)}
        // The removal itself refreshes the list.
        onRemoved={() => setRemoving(null)}
      />
    </Paper>
  );
}
