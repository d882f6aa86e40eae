// Public API of the notifications feature: the live unread count the dashboard's sidebar shows.
// The page is exported from './screens.ts', so the area shell (which imports this file) does not
// carry the page into every area's code.
export { useUnreadNotificationCount } from './use-unread-count.ts';
