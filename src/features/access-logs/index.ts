// Public API of the access-logs feature: the Access Logs page, for /admin/logs.
export { AccessLogsPage } from './components/AccessLogsPage.tsx';
