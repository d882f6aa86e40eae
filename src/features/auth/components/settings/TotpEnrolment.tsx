import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Box, Button, Code, CopyButton, Flex, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import * as v from 'valibot';
import { createChallenge, MfaError, unenrollFactor, verifyCode, type TotpEnrolment as Enrolment } from '../../data/mfa.ts';
import { refreshSession } from '../../store.ts';
import { qrImageSource } from './enrolment.ts';
import { TotpCodeSchema } from './schemas.ts';

interface Props {
  enrolment: Enrolment;
  /** The factor is verified (the session is aal2 now). */
  onEnabled: () => void;
  /** The pending factor was abandoned. */
  onCancelled: () => void;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');

/** Step two of enrolment: scan the QR code (or type the secret), then prove it with a code. */
export function TotpEnrolment({ enrolment, onEnabled, onCancelled }: Props) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'verifying' | 'cancelling' | null>(null);
  const codeField = useRef<HTMLInputElement>(null);
  // One challenge serves retries after a wrong code; an expired or spent one is replaced.
  const challengeId = useRef<string | null>(null);

  useEffect(() => codeField.current?.focus(), []);

  const retry = (message: string) => {
    setError(message);
    codeField.current?.focus();
    codeField.current?.select();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return; // Enter in the field while a check runs
    const parsed = v.safeParse(TotpCodeSchema, code);
    if (!parsed.success) return retry(parsed.issues[0].message);
    setBusy('verifying');
    setError(null);
    try {
      challengeId.current ??= await createChallenge(enrolment.factorId);
      await verifyCode(enrolment.factorId, challengeId.current, parsed.output);
      // The factor is on either way; a failed re-read only delays the store's aal2.
      await refreshSession().catch(() => undefined);
      notifications.show({ title: 'Two-factor authentication enabled', message: 'Sign-ins now ask for a code from your authenticator app.', color: 'green' });
      onEnabled();
      return;
    } catch (caught) {
      const errorCode = caught instanceof MfaError ? caught.code : undefined;
      if (errorCode !== 'mfa_verification_failed') challengeId.current = null;
      if (errorCode === 'mfa_challenge_expired') {
        challengeId.current = await createChallenge(enrolment.factorId).catch(() => null);
      }
      retry(messageOf(caught));
    }
    setBusy(null);
  };

  const onCancel = async () => {
    setBusy('cancelling');
    // A failed removal leaves a pending factor; the next set-up clears it (see startTotpEnrolment).
    await unenrollFactor(enrolment.factorId).catch(() => undefined);
    onCancelled();
  };

  return (
    <Stack gap="md" aria-label="Set up authenticator app" role="group">
      <Text>Scan the QR code with your authenticator app (or enter the secret key), then enter the 6-digit code it shows.</Text>
      <Flex direction={{ base: 'column', sm: 'row' }} gap="lg" align={{ base: 'stretch', sm: 'center' }}>
        <Box bg="white" p="xs" style={{ alignSelf: 'center', lineHeight: 0, border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}>
          <img src={qrImageSource(enrolment.qrCode)} alt="QR code for your authenticator app" width={180} height={180} />
        </Box>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} id="totp-secret-label">
            Secret key
          </Text>
          <Group gap="xs" wrap="nowrap" align="center">
            <Code aria-labelledby="totp-secret-label" style={{ wordBreak: 'break-all', fontSize: 'var(--mantine-font-size-sm)' }}>
              {enrolment.secret}
            </Code>
            <CopyButton value={enrolment.secret} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  size="compact-sm"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={14} aria-hidden="true" /> : <IconCopy size={14} aria-hidden="true" />}
                  aria-label={copied ? 'Secret key copied' : 'Copy secret key'}
                  style={{ flexShrink: 0 }}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Flex>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            ref={codeField}
            label="Verification code"
            description="The 6-digit code from your authenticator app"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={error}
            errorProps={{ role: 'alert' }}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            w={{ base: '100%', xs: 320 }}
            styles={{ input: { letterSpacing: '0.2em', fontVariantNumeric: 'tabular-nums' } }}
          />
          <Group gap="sm">
            <Button type="submit" loading={busy === 'verifying'} disabled={busy === 'cancelling'}>
              Verify and enable
            </Button>
            <Button variant="default" onClick={() => void onCancel()} loading={busy === 'cancelling'} disabled={busy === 'verifying'}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
