import { useState } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useAuth } from '../store.ts';
import { MfaStep } from './MfaStep.tsx';
import { NewPasswordForm } from './NewPasswordForm.tsx';

interface Props {
  onUpdated: () => Promise<void>;
  onRequestNewLink: () => void;
}

/**
 * GoTrue sends an expired or used recovery link back as `#error_description=…` (and no session).
 * Read once on arrival: supabase-js may tidy the fragment away afterwards.
 */
export function linkErrorFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get('error_description') ?? (params.get('error') ? 'This password reset link is invalid or has expired.' : null);
}

/**
 * /auth?mode=reset: the recovery e-mail's link signs the user in (supabase-js reads the session
 * from the URL fragment); then the new password is set. An account with an authenticator app must
 * pass its second factor first, as GoTrue requires aal2 to change the password.
 */
export function ResetPasswordPanel({ onUpdated, onRequestNewLink }: Props) {
  const status = useAuth((state) => state.status);
  const [linkError] = useState(() => linkErrorFromHash(window.location.hash));

  if (linkError || status === 'signed-out') {
    return (
      <Stack gap="md">
        <Alert color="red" role="alert" title="This link can't be used">
          <Text size="sm">{linkError ?? 'This password reset link is invalid or has expired.'}</Text>
          <Text size="sm" mt={4}>
            Request a new link to reset your password.
          </Text>
        </Alert>
        <Button onClick={onRequestNewLink}>Request a new link</Button>
      </Stack>
    );
  }
  if (status === 'loading') {
    return (
      <Center py="lg">
        <Loader role="progressbar" aria-label="Checking your reset link" />
      </Center>
    );
  }
  if (status === 'mfa-required') return <MfaStep onVerified={async () => undefined} />;
  return <NewPasswordForm onUpdated={onUpdated} />;
}
