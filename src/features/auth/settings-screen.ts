// Account settings, an entry of its own: the settings pages load TanStack Query (the factor list)
// and must not share a chunk with the sign-in page (screens.ts), which is public.
export { AccountSettings } from './components/settings/AccountSettings.tsx';
