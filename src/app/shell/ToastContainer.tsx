import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';

/**
 * The toast container alone, as a chunk of its own: importing '@mantine/notifications' itself with
 * import() would put its store (which every feature imports to show toasts) in the same chunk.
 *
 * Placement (issue 26): at the top, toasts lay over the headers' sync state, cart and menu, a
 * dialog's close button and, stacked, the page title. At the bottom they cover only content the
 * page can scroll away from under them: centred on phones, where they take the full width, and
 * right on wider screens, clear of a centred dialog. One at a time below 1200 px (two stacked
 * reached a phone's product title and a tablet dialog's buttons), three above; the rest queue. On phones dialogs end above the
 * toast's band (RootLayout.module.css).
 */
export default function ToastContainer() {
  const phone = useMediaQuery('(max-width: 767.98px)') ?? false;
  const wide = useMediaQuery('(min-width: 75em)') ?? false;
  return <Notifications position={phone ? 'bottom-center' : 'bottom-right'} limit={wide ? 3 : 1} containerWidth={phone ? 440 : 380} />;
}
