import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// After Mantine's styles: its rules of equal specificity give way to ours.
import './app/global.css';
import { importAgain } from './lib/import-again.ts';

// The entry only sequences the start-up: React DOM, then the app, each module group evaluated in a
// task of its own, so no single long task blocks input while a prerendered page is on screen (the
// Total Blocking Time budget). Rolldown gives each dynamically imported group its own chunk.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// A module fetch can fail for a moment (a navigation racing the service worker, a dropped
// connection): without these modules the page never starts, so each is tried again, and if it still
// fails the page reloads once (a second failure in a row is left to the user's next visit). The mark
// is shared with index.html's inline recovery, which covers the entry module itself.
const RELOADED = 'garage-boot-reloaded';
const reloadedOnce = (set?: boolean): boolean => {
  try {
    const was = sessionStorage.getItem(RELOADED) !== null;
    if (set === true) sessionStorage.setItem(RELOADED, '1');
    if (set === false) sessionStorage.removeItem(RELOADED);
    return was;
  } catch {
    return true; // storage blocked: no way to know, so no reload (it could loop)
  }
};

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  const reactDom = await importAgain(() => import('react-dom/client'));
  await nextTask();
  const { mountApp } = await importAgain(() => import('./app/mount.tsx'));
  await nextTask();
  reloadedOnce(false);
  await mountApp(root, reactDom);
}

start().catch((error: unknown) => {
  console.error('The app could not start.', error);
  if (!reloadedOnce(true)) location.reload();
});
