// Public API of the Mission Control feature: its page, for the /admin route.
export { MissionControlPage } from './components/MissionControlPage.tsx';
