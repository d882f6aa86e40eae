import { useState } from 'react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Alert, Button, Center, Stack } from '@mantine/core';
import { ProfileUnavailableError, retryProfile } from '@/features/auth';

/**
 * The error screen of guarded routes. A profile that could not be loaded (twice, spec §4) gets a
 * clear message and Retry; any other error of the area keeps its own message.
 */
export default function GuardErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const [retrying, setRetrying] = useState(false);
  const message = error instanceof ProfileUnavailableError ? error.message : 'Something went wrong while opening this page.';

  const retry = async () => {
    setRetrying(true);
    try {
      if (error instanceof ProfileUnavailableError) await retryProfile();
      reset();
      await router.invalidate();
    } finally {
      setRetrying(false);
    }
  };

  return (
    <Center mih="60dvh" p="md">
      <Stack maw={480} gap="md">
        <Alert color="red" title="Could not open this page" role="alert">
          {message}
        </Alert>
        <Button onClick={() => void retry()} loading={retrying}>
          Retry
        </Button>
      </Stack>
    </Center>
  );
}
