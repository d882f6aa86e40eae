import { Notifications } from '@mantine/notifications';

/**
 * The toast container alone, as a chunk of its own: importing '@mantine/notifications' itself with
 * import() would put its store (which every feature imports to show toasts) in the same chunk.
 */
export default function ToastContainer() {
  return <Notifications position="top-right" />;
}
