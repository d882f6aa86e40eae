import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { createChallenge, listTotpFactors, MfaError, verifyCode } from '../data/mfa.ts';
import { MFA_CODE_LENGTH, MfaCodeSchema, type MfaCodeValues } from '../forms.ts';
import { refreshSession, signOut } from '../store.ts';
import { errorText } from './messages.ts';
import { useSubmit } from './use-submit.ts';

interface Props {
  /** The second factor passed: the session is aal2 and the store signed in. */
  onVerified: () => Promise<void>;
}

interface Challenge {
  factorId: string;
  challengeId: string;
}

/** Asks GoTrue for a challenge on the user's verified authenticator (one per attempt window). */
async function openChallenge(): Promise<Challenge> {
  const factor = (await listTotpFactors()).find((candidate) => candidate.status === 'verified');
  if (!factor) throw new Error('No authenticator app is set up for this account. Use a different account.');
  return { factorId: factor.id, challengeId: await createChallenge(factor.id) };
}

/**
 * Second step of signing in for accounts with TOTP (spec §4 MFA: aal1 becomes aal2). The page shows
 * it whenever the store is 'mfa-required', also when a guard sent the user here.
 */
export function MfaStep({ onVerified }: Props) {
  const form = useForm<MfaCodeValues>({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: schemaResolver(MfaCodeSchema, { sync: true }),
  });
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [setupError, setSetupError] = useState<string | null>(null);
  const [busy, run] = useSubmit();

  // Sets state only once GoTrue has answered; clearing an earlier failure is the caller's part.
  const renew = useCallback(
    () => openChallenge().then(setChallenge, (error: unknown) => setSetupError(errorText(error))),
    [],
  );

  useEffect(() => {
    void renew();
  }, [renew]);

  const retry = () => {
    setSetupError(null);
    void renew();
  };

  const submit = form.onSubmit((values) =>
    run(async () => {
      if (!challenge) return;
      try {
        await verifyCode(challenge.factorId, challenge.challengeId, values.code.replace(/\s+/g, ''));
      } catch (error) {
        form.setFieldError('code', error instanceof MfaError ? error.message : errorText(error));
        // A challenge lives a few minutes: fetch a fresh one so the next code can be checked.
        if (error instanceof MfaError && error.code === 'mfa_challenge_expired') {
          setSetupError(null);
          await renew();
        }
        return;
      }
      if ((await refreshSession()).status === 'signed-in') await onVerified();
    }),
  );

  return (
    <Stack gap="md">
      <Text size="sm">Enter the {MFA_CODE_LENGTH}-digit code from your authenticator app to finish signing in.</Text>
      {setupError && (
        <Alert color="red" role="alert" title="Two-factor sign-in is unavailable">
          {setupError}
          <Button variant="white" color="red" size="xs" mt="sm" onClick={retry}>
            Try again
          </Button>
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label="Two-factor authentication">
        <Stack gap="md">
          <TextInput
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={MFA_CODE_LENGTH + 2}
            required
            autoFocus
            disabled={busy}
            key={form.key('code')}
            {...form.getInputProps('code')}
          />
          <Button type="submit" fullWidth loading={busy} disabled={!challenge} leftSection={!challenge && !setupError ? <Loader size={14} /> : null}>
            Verify
          </Button>
        </Stack>
      </form>
      <Button variant="subtle" onClick={() => void signOut().catch(() => undefined)} disabled={busy}>
        Use a different account
      </Button>
    </Stack>
  );
}
