import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { signInWithPassword } from '../data/session.ts';
import { SignInSchema, type SignInValues } from '../forms.ts';
import { refreshSession } from '../store.ts';
import { emailField, passwordToggle } from './field-props.ts';
import { errorText, signInErrorToast } from './messages.ts';
import { useSubmit } from './use-submit.ts';

interface Props {
  /** A completed sign-in (no second factor pending): toast and navigation. */
  onSignedIn: () => Promise<void>;
  onForgotPassword: () => void;
}

/**
 * Spec §5: email and password required. When the account has a verified authenticator, the store
 * turns 'mfa-required' after the password and the page swaps this form for the code step.
 */
export function SignInForm({ onSignedIn, onForgotPassword }: Props) {
  const form = useForm<SignInValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(SignInSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const [busy, run] = useSubmit();

  const submit = form.onSubmit((values) =>
    run(async () => {
      const { error } = await signInWithPassword(values.email, values.password).catch((thrown: unknown) => ({
        error: errorText(thrown),
      }));
      if (error) {
        notifications.show(signInErrorToast(error));
        return;
      }
      // Settle the store before leaving, so the next page's guard sees the signed-in user.
      const state = await refreshSession();
      if (state.status === 'signed-in') await onSignedIn();
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        <TextInput
          {...emailField}
          disabled={busy}
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <div>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            disabled={busy}
            {...passwordToggle}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={6}>
            <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
              Forgot password?
            </Anchor>
          </Group>
        </div>
        <Button type="submit" fullWidth loading={busy}>
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
