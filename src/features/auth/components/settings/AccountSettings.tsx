import { Stack, Title } from '@mantine/core';
import { useAuth } from '../../store.ts';
import { MfaSection } from './MfaSection.tsx';
import { ProfileSection } from './ProfileSection.tsx';

/**
 * /dashboard/settings, /admin/settings and /support/dashboard/settings: the signed-in user's
 * name and two-factor authentication. Rendered inside the area shell.
 */
export function AccountSettings() {
  // Re-keyed by the stored names: a save, or a profile that arrives after the cached one, resets the form.
  const profileKey = useAuth((state) => `${state.user?.id}:${state.profile?.firstName ?? ''}:${state.profile?.lastName ?? ''}`);
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} size="h2">
        Settings
      </Title>
      <ProfileSection key={profileKey} />
      <MfaSection />
    </Stack>
  );
}
