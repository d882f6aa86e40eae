import { useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import * as v from 'valibot';
import { updateProfileName } from '../../data/profiles.ts';
import { replaceProfile, useAuth } from '../../store.ts';
import { ProfileNameSchema, type ProfileNameInput } from './schemas.ts';

/**
 * Profile: first and last name (optional, ≤ 100 characters each); the e-mail is shown read-only.
 * The parent keys this by the stored names, so a save (or a late profile load) starts it afresh.
 */
export function ProfileSection() {
  const userId = useAuth((state) => state.user?.id ?? null);
  const email = useAuth((state) => state.profile?.email ?? state.user?.email ?? '');
  const firstName = useAuth((state) => state.profile?.firstName ?? '');
  const lastName = useAuth((state) => state.profile?.lastName ?? '');
  const [saving, setSaving] = useState(false);

  const form = useForm<ProfileNameInput>({
    mode: 'controlled',
    initialValues: { firstName, lastName },
    validate: schemaResolver(ProfileNameSchema, { sync: true }),
  });

  // Compared with what is stored (trimmed, as the data module saves it), not with the form's start.
  const unchanged = form.values.firstName.trim() === firstName && form.values.lastName.trim() === lastName;

  const onSubmit = form.onSubmit(async (input) => {
    if (!userId) return;
    // The resolver only validates; parse again for the schema's output (trimmed names).
    const values = v.parse(ProfileNameSchema, input);
    setSaving(true);
    try {
      const saved = await updateProfileName(userId, values.firstName, values.lastName);
      replaceProfile(saved);
      notifications.show({ title: 'Profile updated', message: 'Your name has been saved.', color: 'green' });
    } catch (error) {
      notifications.show({
        title: 'Could not update your profile',
        message: error instanceof Error && error.message ? error.message : 'Please try again.',
        color: 'red',
      });
    } finally {
      setSaving(false);
    }
  });

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="settings-profile">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="settings-profile">
            Profile
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              autoComplete="given-name"
              key={form.key('firstName')}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              key={form.key('lastName')}
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            value={email}
            readOnly
            description="Your sign-in e-mail cannot be changed here."
          />
          <Group justify="flex-end">
            <Button type="submit" loading={saving} disabled={unchanged || !userId}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
