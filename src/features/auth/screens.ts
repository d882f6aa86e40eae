// The auth feature's screens, kept out of index.ts on purpose: the app shell imports index.ts at
// boot, and a re-export there would pull the forms (Tabs, inputs, validation) into the first-paint
// bundle instead of the routes' lazy chunks. Account settings are in settings-screen.ts.
export { AuthPage } from './components/AuthPage.tsx';
