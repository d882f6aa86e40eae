import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Spec §2: the full-screen spinner of guarded routes while the session or profile loads. */
export function FullScreenLoader() {
  return (
    <Center mih="100dvh" role="status" aria-live="polite" data-testid="full-screen-loader">
      <Loader aria-hidden="true" />
      <VisuallyHidden component="span">Loading…</VisuallyHidden>
    </Center>
  );
}
