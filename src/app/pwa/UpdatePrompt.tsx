import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouterState } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { shouldShowUpdatePrompt } from './update-policy.ts';
import { useUnsavedInput } from './use-unsaved-input.ts';

export const UPDATE_MESSAGE = 'A new version is available';
export const OFFLINE_READY_TITLE = 'App ready to work offline';

/** Once per page load: see showOfflineReady. */
let offlineReadyShown = false;

/**
 * The first-install toast. vite-plugin-pwa's hook registers from a state initializer, which React
 * may run more than once (StrictMode, a discarded concurrent render), and each registration reports
 * "offline ready" on its own: the flag and the fixed id keep it to one toast.
 */
function showOfflineReady() {
  if (offlineReadyShown) return;
  offlineReadyShown = true;
  notifications.show({
    id: 'pwa-offline-ready',
    title: OFFLINE_READY_TITLE,
    message: 'GarageGuard now opens even without a connection.',
    color: 'teal',
  });
}

/** How long Reload waits for the new worker to take over before reloading anyway. */
const HAND_OVER_WAIT_MS = 3_000;

/** Long-lived tabs (an installed app left open) look for a new version this often. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Registers the service worker and offers a waiting update. Loaded lazily after the window's
 * `load` event (see PwaStatus), so neither this code nor the registration competes with first paint.
 */
export function UpdatePrompt() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [dismissed, setDismissed] = useState(false);
  const [reloading, setReloading] = useState(false);
  // Set when this tab's user pressed Reload. Another tab accepting the update also hands control
  // to the new worker here; then this tab keeps the prompt instead of reloading under the user.
  const acceptedHere = useRef(false);

  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onNeedReload() {
      if (acceptedHere.current) window.location.reload();
    },
    onOfflineReady: showOfflineReady,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine && !registration.installing) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    },
  });

  const watching = needRefresh && !dismissed;
  const unsavedInput = useUnsavedInput(watching, pathname);
  if (!shouldShowUpdatePrompt({ needRefresh, dismissed, pathname, unsavedInput })) return null;

  const reload = () => {
    acceptedHere.current = true;
    setReloading(true);
    // Posts {type:'SKIP_WAITING'}; the page reloads once the new worker controls it (onNeedReload).
    void updateServiceWorker(true);
    // The browser activates the new worker only once the one it replaces has nothing in progress;
    // a read that never answers (poor signal) held it back for good. The worker in control aborts
    // its network fetches (sw/give-way.ts), and if the new one has still not taken over, leaving
    // the page ends what else ties the old one to it: the reloaded page gets the new worker.
    navigator.serviceWorker?.controller?.postMessage({ type: 'GIVE_WAY' });
    setTimeout(() => window.location.reload(), HAND_OVER_WAIT_MS);
  };

  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={410}>
      <Paper component="section" aria-label="App update" shadow="md" radius="md" p="md" withBorder maw={340}>
        <Text fw={600} role="status">
          {UPDATE_MESSAGE}
        </Text>
        <Text size="sm" c="dimmed" mt={4}>
          Reload to get the latest GarageGuard shop. Nothing you entered is lost until you do.
        </Text>
        <Group mt="sm" gap="xs" justify="flex-end">
          <Button variant="default" size="xs" onClick={() => setDismissed(true)}>
            Later
          </Button>
          <Button size="xs" onClick={reload} loading={reloading}>
            Reload
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
