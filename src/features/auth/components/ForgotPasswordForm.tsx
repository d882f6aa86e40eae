import { useState } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { requestPasswordReset } from '../data/session.ts';
import { ForgotPasswordSchema, type ForgotPasswordValues } from '../forms.ts';
import { errorText } from './messages.ts';
import { Notice } from './Notice.tsx';
import { emailField } from './field-props.ts';
import { useSubmit } from './use-submit.ts';

interface Props {
  onBackToSignIn: () => void;
}

/**
 * Mails a reset link. The answer is the same whether or not an account exists for the address, so
 * the form cannot be used to find out who has one; only failures that say nothing about the
 * account (offline, too many requests) are shown.
 */
export function ForgotPasswordForm({ onBackToSignIn }: Props) {
  const form = useForm<ForgotPasswordValues>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(ForgotPasswordSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const [busy, run] = useSubmit();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.onSubmit((values) =>
    run(async () => {
      setFailure(null);
      const { error } = await requestPasswordReset(values.email).catch((thrown: unknown) => ({ error: errorText(thrown) }));
      if (error) setFailure(error);
      else setSentTo(values.email.trim());
    }),
  );

  if (sentTo) {
    return (
      <Notice title="Check your inbox" actionLabel="Back to Sign In" onAction={onBackToSignIn}>
        If an account exists for <strong>{sentTo}</strong>, we&apos;ve sent a link to reset your password.
      </Notice>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Reset password">
      <Stack gap="md">
        <Text size="sm">Enter the e-mail address of your account and we&apos;ll send you a link to set a new password.</Text>
        {failure && (
          <Alert color="red" role="alert" title="The link could not be sent">
            {failure}
          </Alert>
        )}
        <TextInput
          {...emailField}
          disabled={busy}
          autoFocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" fullWidth loading={busy}>
          Send reset link
        </Button>
        <Button variant="subtle" onClick={onBackToSignIn} disabled={busy}>
          Back to Sign In
        </Button>
      </Stack>
    </form>
  );
}
