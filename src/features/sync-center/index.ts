// Public API of the sync center. Everything here loads Dexie: import it only from signed-in
// chunks (the /sync route, the area shells) or with import() (the navbar, the sign-out guard).
// Indicators import './live.ts', which leaves the page out.
export { SyncCenterPage } from './components/SyncCenterPage.tsx';
export * from './live.ts';
