// Public API of the devices feature: the Device Management page (/dashboard/devices composes it).
export { DevicesPage } from './components/DevicesPage.tsx';
