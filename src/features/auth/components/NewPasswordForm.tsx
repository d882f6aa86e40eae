import { Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { updatePassword } from '../data/session.ts';
import { MIN_PASSWORD_LENGTH, NewPasswordSchema, type NewPasswordValues } from '../forms.ts';
import { refreshSession, useAuth } from '../store.ts';
import { passwordToggle } from './field-props.ts';
import { errorText, passwordUpdateErrorToast, passwordUpdatedToast } from './messages.ts';
import { useSubmit } from './use-submit.ts';

interface Props {
  onUpdated: () => Promise<void>;
}

/** Sets the password of the signed-in (recovery) session: new + confirm, the server's minimum. */
export function NewPasswordForm({ onUpdated }: Props) {
  const form = useForm<NewPasswordValues>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirm: '' },
    validate: schemaResolver(NewPasswordSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const [busy, run] = useSubmit();
  const email = useAuth((state) => state.user?.email ?? '');

  const submit = form.onSubmit((values) =>
    run(async () => {
      const { error } = await updatePassword(values.password).catch((thrown: unknown) => ({ error: errorText(thrown) }));
      if (error) {
        notifications.show(passwordUpdateErrorToast(error));
        return;
      }
      await refreshSession();
      notifications.show(passwordUpdatedToast);
      await onUpdated();
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Set a new password">
      {/* Tells password managers which account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Stack gap="md">
        <PasswordInput
          label="New password"
          description={`At least ${MIN_PASSWORD_LENGTH} characters`}
          autoComplete="new-password"
          required
          autoFocus
          disabled={busy}
          {...passwordToggle}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          disabled={busy}
          {...passwordToggle}
          key={form.key('confirm')}
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" fullWidth loading={busy}>
          Update password
        </Button>
      </Stack>
    </form>
  );
}
