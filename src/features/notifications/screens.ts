// The notifications page, for /dashboard/notifications (loaded with that route only).
export { NotificationsPage } from './components/NotificationsPage.tsx';
