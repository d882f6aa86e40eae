import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';

/**
 * The toast container alone, as a chunk of its own: importing '@mantine/notifications' itself with
 * import() would put its store (which every feature imports to show toasts) in the same chunk.
 *
 * Placement (issue 26): at the top, toasts lay over the headers' sync state, cart and menu, a
 * dialog's close button and, stacked, the page title. At the bottom they cover only content the
 * page can scroll away from under them: centred on phones, where they take the full width, and
 * right on wider screens. One at a time at every width (two stacked reached a phone's product
 * title and a dialog's buttons); the rest queue. Dialogs end above the toast's band at every width
 * (RootLayout.module.css): a wide dialog reaches the right edge's toasts on a desktop too.
 */
export default function ToastContainer() {
  const phone = useMediaQuery('(max-width: 767.98px)') ?? false;
  return <Notifications position={phone ? 'bottom-center' : 'bottom-right'} limit={1} containerWidth={phone ? 440 : 380} />;
}
