import { useState } from 'react';
import { Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { signUp } from '../data/session.ts';
import { MIN_PASSWORD_LENGTH, SignUpSchema, type SignUpValues } from '../forms.ts';
import { refreshSession } from '../store.ts';
import { emailField, passwordToggle } from './field-props.ts';
import { errorText, signUpErrorToast, signUpSuccessToast, signedUpToast } from './messages.ts';
import { Notice } from './Notice.tsx';
import { useSubmit } from './use-submit.ts';

interface Props {
  /** The server signed the new account in at once (e-mail confirmation off): leave like a sign-in. */
  onSignedIn: () => Promise<void>;
  onBackToSignIn: () => void;
}

/** Spec §5: email and password required, first and last name optional (sent as metadata). */
export function SignUpForm({ onSignedIn, onBackToSignIn }: Props) {
  const form = useForm<SignUpValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '', firstName: '', lastName: '' },
    validate: schemaResolver(SignUpSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const [busy, run] = useSubmit();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.onSubmit((values) =>
    run(async () => {
      const result = await signUp(values).catch((thrown: unknown) => ({ error: errorText(thrown), confirmed: false }));
      if (result.error) {
        notifications.show(signUpErrorToast(result.error));
        return;
      }
      if (result.confirmed) {
        notifications.show(signedUpToast);
        if ((await refreshSession()).status === 'signed-in') await onSignedIn();
        return;
      }
      notifications.show(signUpSuccessToast);
      setSentTo(values.email.trim());
    }),
  );

  if (sentTo) {
    return (
      <Notice title="Check your inbox" actionLabel="Back to Sign In" onAction={onBackToSignIn}>
        We sent a confirmation link to <strong>{sentTo}</strong>. Open it to activate your account, then sign in.
      </Notice>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Sign up">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="First name" autoComplete="given-name" disabled={busy} key={form.key('firstName')} {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" disabled={busy} key={form.key('lastName')} {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput
          {...emailField}
          disabled={busy}
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          description={`At least ${MIN_PASSWORD_LENGTH} characters`}
          autoComplete="new-password"
          required
          disabled={busy}
          {...passwordToggle}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={busy}>
          Sign Up
        </Button>
      </Stack>
    </form>
  );
}
