import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

// The entry only sequences the start-up: React DOM, then the app, each module group evaluated in a
// task of its own, so no single long task blocks input while a prerendered page is on screen (the
// Total Blocking Time budget). Rolldown gives each dynamically imported group its own chunk.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  const reactDom = await import('react-dom/client');
  await nextTask();
  const { mountApp } = await import('./app/mount.tsx');
  await nextTask();
  await mountApp(root, reactDom);
}

void start();
