// The toast container alone, as a chunk of its own: importing '@mantine/notifications' itself with
// import() would put its store (which every feature imports to show toasts) in the same chunk.
export { Notifications as default } from '@mantine/notifications';
